import { describe, expect, it } from "vitest";
import { isAnalyticsFilter, menuFilterFromSearch, withoutAnalyticsFilter } from "./inbox-filter";
import { matchesFilter } from "./live-inbox";
import { inboxChat } from "./test-fixtures";

describe("the inbox filtered from an analytics figure", () => {
  it("reads a language and start days from the URL, ignoring what it does not know", () => {
    const filter = menuFilterFromSearch(
      new URLSearchParams("status=handoff&language=nl&from=2025-03-01&to=2025-03-31"),
    );
    expect(filter).toMatchObject({
      status: "handoff",
      language: "nl",
      createdFrom: "2025-03-01",
      createdTo: "2025-03-31",
    });
    expect(isAnalyticsFilter(filter)).toBe(true);
    const unknown = menuFilterFromSearch(new URLSearchParams("language=fr&from=March"));
    expect(unknown).toMatchObject({ language: undefined, createdFrom: undefined });
    expect(isAnalyticsFilter(unknown)).toBe(false);
  });

  it("clears the figure's language and days but keeps the menu entry and the open chat", () => {
    expect(
      withoutAnalyticsFilter(
        new URLSearchParams("status=handoff&language=nl&from=2025-03-01&to=2025-03-31&ticketID=AB12"),
      ),
    ).toBe("?status=handoff&ticketID=AB12");
  });

  it("lets the server decide whether a live row belongs to such a list", () => {
    const filter = { ...menuFilterFromSearch(new URLSearchParams("language=he")), isUnreadOnly: false };
    expect(matchesFilter(inboxChat(), filter)).toBe("unknown");
  });
});
