import { describe, expect, it } from "vitest";
import { abbreviated, monthDay, splitCamelCase, truncatedPercent, withThousands } from "./analytics-format";

describe("analytics formats (spec part 2 §9)", () => {
  it("abbreviates with K, M and G to one decimal, cutting rather than rounding up", () => {
    expect(abbreviated(950)).toBe("950");
    expect(abbreviated(1000)).toBe("1K");
    expect(abbreviated(1250)).toBe("1.2K");
    expect(abbreviated(1_999_999)).toBe("1.9M");
    expect(abbreviated(3_400_000_000)).toBe("3.4G");
  });

  it("truncates percentages and answers 0 for an empty whole", () => {
    expect(truncatedPercent(2, 3)).toBe(66);
    expect(truncatedPercent(5, 7)).toBe(71);
    expect(truncatedPercent(1, 0)).toBe(0);
  });

  it("splits camel case and labels days like Mar 7", () => {
    expect(splitCamelCase("OrderStatus")).toBe("Order Status");
    expect(splitCamelCase("FAQAnswers")).toBe("FAQ Answers");
    expect(splitCamelCase("shipping_times")).toBe("shipping times");
    expect(monthDay("2025-03-07")).toBe("Mar 7");
    expect(withThousands(1234567)).toBe("1,234,567");
  });
});
