import { describe, expect, it } from "vitest";
import { extractVendorMessage } from "./vendor-message";

describe("extractVendorMessage", () => {
  it.each([
    [
      "Shopify bad token",
      { errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" },
      "[API] Invalid API key or access token (unrecognized login or wrong password)",
    ],
    ["GraphQL errors", { errors: [{ message: "Throttled" }, { message: "Other" }] }, "Throttled; Other"],
    [
      "Shopify REST field errors",
      { errors: { email: ["is invalid", "is taken"] } },
      "email: is invalid; email: is taken",
    ],
    ["Recharge string", { errors: "Not Found" }, "Not Found"],
    ["Loop 401", { error: { code: "401", http_code: "GEN-UNAUTHORIZED", message: "Unauthorized." } }, "Unauthorized."],
    [
      "Gorgias 400",
      { error: { msg: "Failed to validate the request.", data: { messages: { "0": { channel: ["Must be one."] } } } } },
      "Failed to validate the request.; messages.0.channel: Must be one.",
    ],
    [
      "Loop 422",
      { message: "The given data was invalid.", errors: { from: ["Too far back."] } },
      "The given data was invalid.; from: Too far back.",
    ],
    [
      "Zendesk 422",
      {
        error: "RecordInvalid",
        description: "Record validation errors",
        details: { email: [{ description: "Email: is invalid", error: "InvalidValue" }] },
      },
      "RecordInvalid: Record validation errors; email: Email: is invalid",
    ],
    ["Zendesk 404", { error: "RecordNotFound", description: "Not found" }, "RecordNotFound: Not found"],
    [
      "OAuth",
      { error: "invalid_grant", error_description: "The code has expired" },
      "invalid_grant: The code has expired",
    ],
    ["plain text", "  Service Unavailable \n", "Service Unavailable"],
  ])("reads %s", (_name, body, expected) => {
    expect(extractVendorMessage(body)).toBe(expected);
  });

  it("gives nothing for bodies without a message, and cuts long ones", () => {
    expect(extractVendorMessage(undefined)).toBeUndefined();
    expect(extractVendorMessage({ ok: true })).toBeUndefined();
    expect(extractVendorMessage("x".repeat(2000))).toHaveLength(501);
  });
});
