import { z } from "zod";
import { seededRandom } from "../../platform/seeded-random";

export interface FakeShopifyVariant {
  title: string;
  sku: string | null;
  /** Decimal string in the shop's currency, as Shopify's Money scalar. */
  price: string;
  availableForSale: boolean;
}

/** A product as the fake shop stores it; the fake serves it in Shopify's Admin API shape. */
export interface FakeShopifyProduct {
  /** `gid://shopify/Product/<number>`; the number orders the catalogue, as Shopify's ID sort. */
  id: string;
  handle: string;
  title: string;
  descriptionHtml: string;
  productType: string;
  vendor: string;
  tags: string[];
  status: "ACTIVE" | "ARCHIVED" | "DRAFT";
  createdAt: string;
  updatedAt: string;
  onlineStoreUrl: string | null;
  featuredImageUrl: string | null;
  variants: FakeShopifyVariant[];
}

const evalProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string(),
  vendor: z.string(),
  productType: z.string(),
  tags: z.array(z.string()),
  variants: z.array(z.object({ title: z.string(), sku: z.string(), price: z.string(), available: z.boolean() })),
  bodyHtml: z.string(),
});

export interface EvalSetOptions {
  storefrontUrl?: string;
  updatedAt?: string;
}

/** The eval set's products (`eval/<shop>/kb/products.json`) as a fake shop's catalogue, all active. */
export function fakeProductsFromEvalSet(json: unknown, options: EvalSetOptions = {}): FakeShopifyProduct[] {
  const { storefrontUrl = "https://shop.example", updatedAt = "2025-06-02T09:30:00Z" } = options;
  return z
    .array(evalProductSchema)
    .parse(json)
    .map((product) => ({
      id: product.id,
      handle: product.handle,
      title: product.title,
      descriptionHtml: product.bodyHtml,
      productType: product.productType,
      vendor: product.vendor,
      tags: product.tags,
      status: "ACTIVE",
      createdAt: "2025-01-15T08:00:00Z",
      updatedAt,
      onlineStoreUrl: `${storefrontUrl}/products/${product.handle}`,
      featuredImageUrl: `https://cdn.shopify.com/s/files/1/0000/0001/files/${product.handle}.jpg`,
      variants: product.variants.map((variant) => ({
        title: variant.title,
        sku: variant.sku,
        price: variant.price,
        availableForSale: variant.available,
      })),
    }));
}

const VENDORS = ["Kestrel & Pine", "Northfold", "Alder Works", "Tidewater Co.", "Brightmoor", "Fjellvik"];
const ADJECTIVES = ["Trail", "Summit", "Harbour", "Drift", "Ember", "Glacier", "Meadow", "Coastal", "Ridge", "Urban"];
const MATERIALS = [
  "Merino",
  "Recycled Nylon",
  "Organic Cotton",
  "Waxed Canvas",
  "Ripstop",
  "Bamboo",
  "Leather",
  "Fleece",
];
const CATEGORIES = [
  { type: "Jackets", noun: "Jacket", sizes: ["XS", "S", "M", "L", "XL"] },
  { type: "Backpacks", noun: "Backpack", sizes: ["20L", "28L", "35L"] },
  { type: "Socks", noun: "Hiking Socks", sizes: ["36-38", "39-42", "43-46"] },
  { type: "Base Layers", noun: "Base Layer Top", sizes: ["S", "M", "L", "XL"] },
  { type: "Footwear", noun: "Trail Shoe", sizes: ["38", "39", "40", "41", "42", "43", "44", "45"] },
  { type: "Accessories", noun: "Beanie", sizes: ["One size"] },
  { type: "Tents", noun: "2-Person Tent", sizes: ["One size"] },
];
const COLOURS = ["Black", "Slate Blue", "Moss", "Rust", "Sand", "Charcoal"];
const TAGS = ["waterproof", "lightweight", "recycled", "bestseller", "new", "vegan", "packable", "warranty"];

export interface GenerateOptions {
  seed?: number;
  storefrontUrl?: string;
}

/**
 * `count` varied, realistic, active products; the same input always gives the same catalogue,
 * and 10,000 take milliseconds (used by the ingest benchmark).
 */
export function generateFakeProducts(count: number, options: GenerateOptions = {}): FakeShopifyProduct[] {
  const { seed = 1, storefrontUrl = "https://shop.example" } = options;
  const products: FakeShopifyProduct[] = [];
  for (let index = 0; index < count; index++) {
    const random = seededRandom(seed * 1_000_003 + index);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

    const category = pick(CATEGORIES);
    const material = pick(MATERIALS);
    const vendor = pick(VENDORS);
    const title = `${pick(ADJECTIVES)} ${material} ${category.noun}`;
    const handle = `${slug(title)}-${index + 1}`;
    const basePrice = 15 + Math.floor(random() * 300);
    const colours = COLOURS.slice(0, 1 + Math.floor(random() * 3));
    const skuStem = `${slug(vendor).slice(0, 3)}-${String(index + 1).padStart(5, "0")}`;
    const variants = colours.flatMap((colour) =>
      category.sizes.map((size) => ({
        title: size === "One size" ? colour : `${size} / ${colour}`,
        sku: `${skuStem}-${slug(colour)}-${slug(size)}`.toUpperCase(),
        price: `${basePrice}.00`,
        availableForSale: random() > 0.15,
      })),
    );
    const tags = [...new Set([slug(category.type), pick(TAGS), pick(TAGS)])];
    const updatedAt = new Date(Date.UTC(2025, 0, 1) + index * 37_000).toISOString();

    products.push({
      id: `gid://shopify/Product/${8_000_000_000 + index + 1}`,
      handle,
      title,
      descriptionHtml:
        `<p>The ${title} by ${vendor}: ${material.toLowerCase()} built for ${pick(["day hikes", "city commutes", "multi-day treks", "wet weekends", "alpine starts"])}.</p>` +
        `<ul><li><strong>Material:</strong> ${material}</li><li><strong>Weight:</strong> ${100 + Math.floor(random() * 900)} g</li>` +
        `<li>${pick(["Fits true to size", "Runs half a size small", "Relaxed fit"])}</li></ul>` +
        `<p><strong>Care:</strong> ${pick(["Machine wash at 30°C.", "Hand wash cold, dry flat.", "Wipe clean with a damp cloth."])}</p>`,
      productType: category.type,
      vendor,
      tags,
      status: "ACTIVE",
      createdAt: updatedAt,
      updatedAt,
      onlineStoreUrl: `${storefrontUrl}/products/${handle}`,
      featuredImageUrl: random() > 0.1 ? `https://cdn.shopify.com/s/files/1/0000/0001/files/${handle}.jpg` : null,
      variants,
    });
  }
  return products;
}

const slugs = new Map<string, string>();

/** Memoised: the same few words are slugged thousands of times per catalogue. */
function slug(text: string): string {
  let cached = slugs.get(text);
  if (cached === undefined) {
    cached = toSlug(text);
    slugs.set(text, cached);
  }
  return cached;
}

function toSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
