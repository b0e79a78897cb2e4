import { describe, expect, it } from "vitest";
import { isYesNoQuestion, polarityOf } from "./yes-no";

describe("yes or no first", () => {
  it("knows a yes/no question in each language, and not one that asks how or what", () => {
    for (const question of [
      "Can I pay with iDEAL?",
      "do you have a student discount",
      "Is there a store in Utrecht?",
      "Kan ik met iDEAL betalen?",
      "Hebben jullie een winkel in Gent?",
      "אפשר לשלם בביט?",
    ]) {
      expect(isYesNoQuestion(question), question).toBe(true);
    }
    for (const question of [
      "Can you tell me how long delivery takes?",
      "How much is delivery?",
      "Kan ik zien wanneer mijn pakket komt?",
      "Where is my order?",
      "אפשר לדעת כמה עולה משלוח?",
    ]) {
      expect(isYesNoQuestion(question), question).toBe(false);
    }
  });

  it("reads a plain statement as yes, a negation as no, and a condition or exception as neither", () => {
    expect(polarityOf("Students get 10% off full-price items.")).toBe("yes");
    expect(polarityOf("Don't use the serum on the same evening as the toner.")).toBe("no");
    expect(polarityOf("Gift cards can't be used at the refill bar.")).toBe("no");
    expect(polarityOf("Je kunt niet met een cadeaubon betalen.")).toBe("no");
    expect(polarityOf("אנחנו לא שולחים בשבת.")).toBe("no");
    expect(polarityOf("Kestrel & Pine Amsterdam — Monday: closed.")).toBe("no");
    expect(polarityOf("You can return it unless it was worn.")).toBeNull();
    expect(polarityOf("Only orders over €50 ship free.")).toBeNull();
    expect(polarityOf("Alleen in de winkel in Rotterdam.")).toBeNull();
    // "no" before a noun does not say which way the answer goes.
    expect(polarityOf("Delivery is free, with no minimum order.")).toBeNull();
    expect(polarityOf("Retourneren kost geen geld.")).toBeNull();
    expect(polarityOf("אין עלות למשלוח.")).toBeNull();
  });
});
