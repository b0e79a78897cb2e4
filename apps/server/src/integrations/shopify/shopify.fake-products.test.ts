import { describe, expect, it } from "vitest";
import { fakeProductsFromEvalSet, generateFakeProducts } from "./shopify.fake-products";

describe("fake products", () => {
  it("converts the eval set's product shape", () => {
    const [product] = fakeProductsFromEvalSet(
      [
        {
          id: "gid://shopify/Product/1",
          title: "Hollin Jacket",
          handle: "hollin-jacket",
          vendor: "Kestrel & Pine",
          productType: "Waterproof Jackets",
          tags: ["men"],
          price: "289.00",
          currency: "EUR",
          variants: [{ title: "S / Black", sku: "KP-S", price: "289.00", available: false }],
          bodyHtml: "<p>Shell.</p>",
        },
      ],
      { storefrontUrl: "https://kestrel.example" },
    );
    expect(product).toMatchObject({
      id: "gid://shopify/Product/1",
      status: "ACTIVE",
      descriptionHtml: "<p>Shell.</p>",
      onlineStoreUrl: "https://kestrel.example/products/hollin-jacket",
      variants: [{ title: "S / Black", sku: "KP-S", price: "289.00", availableForSale: false }],
    });
  });

  it("rejects a file that is not the eval shape", () => {
    expect(() => fakeProductsFromEvalSet([{ id: 1 }])).toThrow();
  });

  it("generates the same varied catalogue every time, with unique ids and handles", () => {
    const products = generateFakeProducts(10_000);
    expect(products).toHaveLength(10_000);
    expect(generateFakeProducts(10_000)).toEqual(products);
    expect(new Set(products.map((product) => product.id)).size).toBe(10_000);
    expect(new Set(products.map((product) => product.handle)).size).toBe(10_000);
    expect(new Set(products.map((product) => product.productType)).size).toBeGreaterThan(3);
    expect(products.every((product) => product.variants.length >= 1 && product.variants.length <= 100)).toBe(true);
    expect(generateFakeProducts(5, { seed: 2 })).not.toEqual(generateFakeProducts(5));
  });
});
