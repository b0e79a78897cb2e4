import { FRAME_READY, HOST_CLOSED, HOST_HANDOFF_FAILED, HOST_IDENTIFY, HOST_OPEN } from "@harbor/contract/widget-frame";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listenToHost, tellHost } from "./frame-bridge";

/** The frame as if inside a shop's page: a parent window that records what it is sent. */
function embed() {
  const parent = { postMessage: vi.fn() } as unknown as Window;
  vi.spyOn(window, "parent", "get").mockReturnValue(parent as Window & typeof globalThis);
  return parent;
}

const fromParent = (data: unknown, source: MessageEventSource | null) =>
  window.dispatchEvent(new MessageEvent("message", { data, source, origin: "https://shop.example" }));

afterEach(() => vi.restoreAllMocks());

describe("frame bridge", () => {
  it("hears only its parent window, only known messages, and takes only text from them", () => {
    const parent = embed();
    const handlers = { onOpen: vi.fn(), onClosed: vi.fn(), onIdentify: vi.fn(), onHandoffFailed: vi.fn() };
    const stop = listenToHost(handlers);

    fromParent({ type: HOST_OPEN }, window);
    fromParent({ type: HOST_OPEN }, null);
    fromParent("harbor:open", parent);
    fromParent({ type: "harbor:unknown" }, parent);
    fromParent({ type: HOST_HANDOFF_FAILED }, window);
    expect(handlers.onOpen).not.toHaveBeenCalled();
    expect(handlers.onHandoffFailed).not.toHaveBeenCalled();

    fromParent({ type: HOST_OPEN }, parent);
    fromParent({ type: HOST_CLOSED }, parent);
    fromParent({ type: HOST_IDENTIFY, name: " Dana ", email: { toString: "x" } }, parent);
    expect(handlers.onOpen).toHaveBeenCalledOnce();
    expect(handlers.onClosed).toHaveBeenCalledOnce();
    expect(handlers.onIdentify).toHaveBeenCalledWith({ name: "Dana", email: undefined });
    fromParent({ type: HOST_HANDOFF_FAILED }, parent);
    expect(handlers.onHandoffFailed).toHaveBeenCalledOnce();
    stop();
  });

  it("posts to the shop's origin as the referrer names it", () => {
    const parent = embed();
    vi.spyOn(document, "referrer", "get").mockReturnValue("https://shop.example/products/boot?x=1");
    tellHost({ type: FRAME_READY });
    expect(parent.postMessage).toHaveBeenCalledWith({ type: FRAME_READY }, "https://shop.example");
  });
});
