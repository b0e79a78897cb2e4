import { describe, expect, it } from "vitest";
import { nameFromEmail, workspaceNameFromEmail } from "./workspace-name";

describe("workspace names from the sign-up e-mail", () => {
  it.each([
    ["ops@kestrel-pine.example", "Kestrel Pine"],
    ["jane@www.acme.com", "Acme"],
    ["info@shop.co.uk", "Shop"],
    ["sales@mail.bright_socks.nl", "Bright Socks"],
    ["jane.doe@gmail.com", "Jane's Shop"],
    ["dana@walla.co.il", "Dana's Shop"],
  ])("%s → %s", (email, name) => {
    expect(workspaceNameFromEmail(email)).toBe(name);
  });

  it.each([
    ["jane.doe@x.example", "Jane Doe"],
    ["j_smith+shop@x.example", "J Smith Shop"],
    ["12345@x.example", "12345"],
  ])("person name %s → %s", (email, name) => {
    expect(nameFromEmail(email)).toBe(name);
  });
});
