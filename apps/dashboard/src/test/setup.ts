import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { takeDriftedAnswers } from "./fetch-stub";

// findBy/waitFor give up after 1 s by default; two workers on two busy cores were seen to need
// more (as the widget's tests already allow). A wait, not a timing assertion.
configure({ asyncUtilTimeout: 5000 });

// Browser APIs Mantine relies on that happy-dom does not provide (or provides partly).
// No media query matches unless a test sets a width (test/viewport.ts); restored after each test.
const matchNothing = (query: string): MediaQueryList => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
});
Object.defineProperty(window, "matchMedia", { writable: true, configurable: true, value: matchNothing });

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub;
globalThis.ResizeObserver ??= ResizeObserverStub;

Element.prototype.scrollIntoView ??= () => {};
Element.prototype.scrollTo ??= () => {};
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  window.matchMedia = matchNothing;
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  const drifted = takeDriftedAnswers();
  if (drifted.length > 0) throw new Error(`Stubbed API answers drifted from the contract:\n${drifted.join("\n")}`);
});
