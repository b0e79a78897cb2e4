import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// happy-dom has no layout: scrolling is a no-op here.
if (typeof Element !== "undefined") Element.prototype.scrollIntoView ??= () => {};

afterEach(() => {
  cleanup();
  if (typeof localStorage !== "undefined") localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
