import { describe, expect, it } from "vitest";
import { isPrivateAddress, pointsToPrivateNetwork } from "./public-address";

describe("private network addresses", () => {
  it.each([
    ["127.0.0.1", true],
    ["10.1.2.3", true],
    ["172.20.0.1", true],
    ["192.168.1.10", true],
    ["169.254.169.254", true],
    ["100.64.0.1", true],
    ["::1", true],
    ["fd12::1", true],
    ["fe80::1", true],
    ["::ffff:127.0.0.1", true],
    ["93.184.215.14", false],
    ["2606:2800:21f:cb07::1", false],
  ])("%s → %s", (address, isPrivate) => {
    expect(isPrivateAddress(address)).toBe(isPrivate);
  });

  it("checks what a URL's host resolves to", async () => {
    expect(await pointsToPrivateNetwork("http://localhost:8080/")).toBe(true);
    expect(await pointsToPrivateNetwork("http://127.0.0.1/")).toBe(true);
    expect(await pointsToPrivateNetwork("http://[::1]:3000/")).toBe(true);
    expect(await pointsToPrivateNetwork("https://93.184.215.14/")).toBe(false);
  });
});
