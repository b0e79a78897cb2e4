import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// The suites share two cores with the server's and the browser's: a busy machine answers late, not wrongly.
configure({ asyncUtilTimeout: 5000 });

// happy-dom has no layout: scrolling is a no-op here.
if (typeof Element !== "undefined") Element.prototype.scrollIntoView ??= () => {};

afterEach(() => {
  cleanup();
  if (typeof localStorage !== "undefined") localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
