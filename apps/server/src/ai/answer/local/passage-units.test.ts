import { describe, expect, it } from "vitest";
import { passageUnits } from "./passage-units";

const view = (content: string, title = "Title") =>
  passageUnits(content, title).map((u) => ({ text: u.text, heading: u.heading, kind: u.kind }));

describe("passageUnits", () => {
  it("drops the title line, splits paragraphs into sentences and keeps headings for list items", () => {
    expect(
      view(
        "Delivery to other EU countries\nWe deliver with DHL. The price depends on your zone.\n\nZone 1: Germany, France, Austria and Denmark\n- Delivery: €9.95\n- Free from €125",
        "Delivery to other EU countries",
      ),
    ).toEqual([
      { text: "We deliver with DHL.", heading: null, kind: "sentence" },
      { text: "The price depends on your zone.", heading: null, kind: "sentence" },
      { text: "Delivery: €9.95", heading: "Zone 1: Germany, France, Austria and Denmark", kind: "item" },
      { text: "Free from €125", heading: "Zone 1: Germany, France, Austria and Denmark", kind: "item" },
    ]);
  });

  it("reads product texts: data lines, variants, description with heading", () => {
    const units = view(
      "Type: Tents\nBrand: Kestrel & Pine\nPrice: EUR 469.00\n\nVariants\n- Green: EUR 469.00, in stock (SKU KP-LF3-GRN)\n\nDescription\nPre-order: expected dispatch in May. Pre-orders are charged at checkout.\n\n- Minimum weight: 2.4 kg",
    );
    expect(units).toEqual([
      { text: "Type: Tents", heading: null, kind: "item" },
      { text: "Brand: Kestrel & Pine", heading: null, kind: "item" },
      { text: "Price: EUR 469.00", heading: null, kind: "item" },
      { text: "Green: EUR 469.00, in stock (SKU KP-LF3-GRN)", heading: "Variants", kind: "item" },
      { text: "Pre-order: expected dispatch in May.", heading: "Description", kind: "sentence" },
      { text: "Pre-orders are charged at checkout.", heading: "Description", kind: "sentence" },
      { text: "Minimum weight: 2.4 kg", heading: null, kind: "item" },
    ]);
  });

  it("takes a question line as the heading of the paragraph under it", () => {
    expect(view("When will it arrive?\nOrder before 21:00 and it arrives tomorrow.")).toEqual([
      { text: "Order before 21:00 and it arrives tomorrow.", heading: "When will it arrive?", kind: "sentence" },
    ]);
  });

  it("separates list items glued together by passage overlap", () => {
    expect(view("Pre-orders\n- They can't be collected in store. - The return period starts on delivery.")).toEqual([
      { text: "They can't be collected in store.", heading: "Pre-orders", kind: "item" },
      { text: "The return period starts on delivery.", heading: "Pre-orders", kind: "item" },
    ]);
  });

  it("numbers units in order and groups a list into one block", () => {
    const units = passageUnits("Intro sentence here.\n\nCosts\n- A: €1\n- B: €2\n\nAfter the list.", "Title");
    expect(units.map((u) => u.position)).toEqual([0, 1, 2, 3]);
    expect(units[1]?.block).toBe(units[2]?.block);
    expect(units[0]?.block).not.toBe(units[1]?.block);
    expect(units[3]?.block).not.toBe(units[2]?.block);
  });

  it("ignores a help centre's index of article titles", () => {
    const menu = Array.from({ length: 12 }, (_, i) => `- Article number ${"abcdefghijkl"[i]}: about things`).join("\n");
    expect(view(`Help centre\n${menu}`, "Help centre")).toEqual([]);
  });
});
