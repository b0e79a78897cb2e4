import { describe, expect, it } from "vitest";
import { SHIPPING_ADDRESS_FIELDS } from "./address-fields";
import { shippingAddressSchema } from "./orders";

describe("shipping address fields", () => {
  it("are exactly the schema's fields, so the widget's form and the server's comparison miss none", () => {
    expect([...SHIPPING_ADDRESS_FIELDS].sort()).toEqual(Object.keys(shippingAddressSchema.shape).sort());
  });
});
