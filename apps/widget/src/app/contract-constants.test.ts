import { SOCKET_PATH, VISITOR_NAMESPACE, VISITOR_TYPING_MS } from "@harbor/contract/realtime";
import {
  VISITOR_ATTACHMENTS_MAX,
  VISITOR_DOCUMENT_TYPES,
  VISITOR_FILE_MAX_BYTES,
  VISITOR_FILE_TOO_LARGE,
  VISITOR_FILE_TOO_LARGE_MS,
  VISITOR_IMAGE_TYPES,
  VISITOR_MESSAGE_MAX,
} from "@harbor/contract/widget";
import { describe, expect, it } from "vitest";
import { en } from "../i18n/en";
import * as local from "./contract-constants";

describe("the widget's copies of contract constants", () => {
  it("equal the contract's", () => {
    expect(local.VISITOR_NAMESPACE).toBe(VISITOR_NAMESPACE);
    expect(local.SOCKET_PATH).toBe(SOCKET_PATH);
    expect(local.VISITOR_TYPING_MS).toBe(VISITOR_TYPING_MS);
    expect(local.VISITOR_FILE_MAX_BYTES).toBe(VISITOR_FILE_MAX_BYTES);
    expect(local.VISITOR_FILE_TOO_LARGE_MS).toBe(VISITOR_FILE_TOO_LARGE_MS);
    expect(local.VISITOR_ATTACHMENTS_MAX).toBe(VISITOR_ATTACHMENTS_MAX);
    expect(local.VISITOR_MESSAGE_MAX).toBe(VISITOR_MESSAGE_MAX);
    expect(local.VISITOR_FILE_ACCEPT).toEqual([...VISITOR_IMAGE_TYPES, ...VISITOR_DOCUMENT_TYPES]);
    expect(en.fileTooLarge).toBe(VISITOR_FILE_TOO_LARGE);
  });
});
