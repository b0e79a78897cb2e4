import { describe, expect, it } from "vitest";
import { splitSentences } from "./sentences";

describe("splitSentences", () => {
  it("splits on . ! ? followed by whitespace", () => {
    expect(splitSentences("Order before 21:00. PostNL delivers tomorrow! Any questions? Ask us")).toEqual([
      "Order before 21:00.",
      "PostNL delivers tomorrow!",
      "Any questions?",
      "Ask us",
    ]);
  });

  it("keeps prices, decimals, abbreviations and order numbers whole", () => {
    expect(splitSentences("It costs €4.95 (e.g. by iDEAL). Order no. 1043 is approx. 1.9 kg. Done.")).toEqual([
      "It costs €4.95 (e.g. by iDEAL).",
      "Order no. 1043 is approx. 1.9 kg.",
      "Done.",
    ]);
  });

  it("takes closing quotes and brackets into the sentence", () => {
    expect(splitSentences('Mark it "Returned goods." Then send it.')).toEqual([
      'Mark it "Returned goods."',
      "Then send it.",
    ]);
  });

  it("handles Dutch and Hebrew text", () => {
    expect(splitSentences("Bestel voor 21.00 uur. Dan is het morgen in huis.")).toEqual([
      "Bestel voor 21.00 uur.",
      "Dan is het morgen in huis.",
    ]);
    expect(splitSentences("המשלוח עולה 34.95 אירו. זמן המשלוח 3–7 ימים.")).toEqual([
      "המשלוח עולה 34.95 אירו.",
      "זמן המשלוח 3–7 ימים.",
    ]);
  });
});
