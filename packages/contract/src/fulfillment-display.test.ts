import { describe, expect, it } from "vitest";
import { fulfillmentDisplay } from "./fulfillment-display";

describe("fulfillment display", () => {
  it("puts the shipment statuses first", () => {
    expect(fulfillmentDisplay({ status: "success", shipmentStatus: "in_transit" })).toBe("in_transit");
    expect(fulfillmentDisplay({ status: "success", shipmentStatus: "out_for_delivery" })).toBe("out_for_delivery");
    expect(fulfillmentDisplay({ status: "cancelled", shipmentStatus: "delivered" })).toBe("delivered");
  });

  it("reads the fulfillment's own status when the shipment says nothing that comes first", () => {
    expect(fulfillmentDisplay({ status: "success", shipmentStatus: "label_printed" })).toBe("shipped");
    expect(fulfillmentDisplay({ status: "open", shipmentStatus: null })).toBe("shipped");
    expect(fulfillmentDisplay({ status: "delivered" })).toBe("delivered");
    expect(fulfillmentDisplay({ status: "cancelled" })).toBe("failed");
    expect(fulfillmentDisplay({ status: "error" })).toBe("failed");
    expect(fulfillmentDisplay({ status: "refund" })).toBe("refund");
  });

  it("shows unfulfilled items as processing", () => {
    expect(fulfillmentDisplay({ status: "pending" })).toBe("processing");
    expect(fulfillmentDisplay({ status: null, shipmentStatus: null })).toBe("processing");
    expect(fulfillmentDisplay({})).toBe("processing");
  });
});
