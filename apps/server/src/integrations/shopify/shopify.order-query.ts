import { z } from "zod";

/** An item of an order as a customer sees it. */
export interface ShopifyOrderItem {
  title: string;
  variantTitle: string | null;
  quantity: number;
  imageUrl: string | null;
}

/** A shipping address as Shopify keeps it on an order (MailingAddress), in the fields Harbor reads and writes. */
export interface ShopifyMailingAddress {
  firstName: string | null;
  lastName: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  zip: string | null;
  /** ISO region, e.g. `NL`. */
  countryCode: string | null;
  provinceCode: string | null;
  phone: string | null;
}

/** An order as order self-service needs it: who placed it (to verify), and where it is. */
export interface ShopifyOrder {
  /** `gid://shopify/Order/<number>` */
  id: string;
  /** `#1001` */
  name: string;
  email: string | null;
  phone: string | null;
  customer: { displayName: string; email: string | null; phone: string | null } | null;
  /** Where it ships to; null for an order that ships nowhere. */
  shippingAddress: ShopifyMailingAddress | null;
  createdAt: string;
  cancelledAt: string | null;
  cancelReason: string | null;
  /** Shopify's enum, e.g. `PAID`, `PARTIALLY_REFUNDED`; null on some old orders. */
  financialStatus: string | null;
  /** Shopify's enum, e.g. `FULFILLED`, `UNFULFILLED`, `PARTIALLY_FULFILLED`. */
  fulfillmentStatus: string;
  total: { amount: string; currencyCode: string };
  lineItems: (ShopifyOrderItem & { sku: string | null; unfulfilledQuantity: number })[];
  fulfillments: {
    /** `SUCCESS`, `OPEN`, `CANCELLED`, … */
    status: string;
    /** The carrier's latest word: `IN_TRANSIT`, `OUT_FOR_DELIVERY`, `DELIVERED`, … */
    displayStatus: string | null;
    updatedAt: string;
    estimatedDeliveryAt: string | null;
    deliveredAt: string | null;
    tracking: { company: string | null; number: string | null; url: string | null }[];
    items: ShopifyOrderItem[];
  }[];
  refunds: {
    createdAt: string | null;
    note: string | null;
    amount: string;
    currencyCode: string;
    items: ShopifyOrderItem[];
  }[];
}

const LINES_PER_ORDER = 50;
const LINES_PER_SHIPMENT = 20;

/** The fields of the integration contract (docs/integrations.md, "Order lookup"), by name. */
export const MAILING_ADDRESS_FRAGMENT = /* GraphQL */ `
  fragment HarborMailingAddress on MailingAddress {
    firstName lastName address1 address2 city zip countryCodeV2 provinceCode phone
  }
`;

export const ORDER_BY_NAME_QUERY = /* GraphQL */ `
  ${MAILING_ADDRESS_FRAGMENT}
  fragment HarborOrderLine on LineItem { title variantTitle image { url } }
  query HarborOrderByName($query: String!) {
    orders(first: 1, query: $query) {
      nodes {
        id
        name
        email
        phone
        createdAt
        cancelledAt
        cancelReason
        displayFinancialStatus
        displayFulfillmentStatus
        totalPriceSet { shopMoney { amount currencyCode } }
        customer { displayName email phone }
        shippingAddress { ...HarborMailingAddress }
        lineItems(first: ${LINES_PER_ORDER}) { nodes { ...HarborOrderLine quantity unfulfilledQuantity sku } }
        fulfillments(first: 10) {
          status
          displayStatus
          updatedAt
          estimatedDeliveryAt
          deliveredAt
          trackingInfo(first: 5) { company number url }
          fulfillmentLineItems(first: ${LINES_PER_SHIPMENT}) { nodes { quantity lineItem { ...HarborOrderLine } } }
        }
        refunds(first: 10) {
          createdAt
          note
          totalRefundedSet { shopMoney { amount currencyCode } }
          refundLineItems(first: ${LINES_PER_SHIPMENT}) { nodes { quantity lineItem { ...HarborOrderLine } } }
        }
      }
    }
  }
`;

export const mailingAddressSchema = z
  .object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    address1: z.string().nullable(),
    address2: z.string().nullable(),
    city: z.string().nullable(),
    zip: z.string().nullable(),
    countryCodeV2: z.string().nullable(),
    provinceCode: z.string().nullable(),
    phone: z.string().nullable(),
  })
  .transform(({ countryCodeV2, ...address }): ShopifyMailingAddress => ({ ...address, countryCode: countryCodeV2 }));

const moneySchema = z.object({ shopMoney: z.object({ amount: z.string(), currencyCode: z.string() }) });
const lineSchema = z.object({
  title: z.string(),
  variantTitle: z.string().nullable(),
  image: z.object({ url: z.string() }).nullable(),
});
const quantityLineSchema = z.object({ quantity: z.number().nullable(), lineItem: lineSchema }).transform(
  ({ quantity, lineItem }): ShopifyOrderItem => ({
    title: lineItem.title,
    variantTitle: lineItem.variantTitle,
    quantity: quantity ?? 1,
    imageUrl: lineItem.image?.url ?? null,
  }),
);

const orderNodeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    createdAt: z.string(),
    cancelledAt: z.string().nullable(),
    cancelReason: z.string().nullable(),
    displayFinancialStatus: z.string().nullable(),
    displayFulfillmentStatus: z.string(),
    totalPriceSet: moneySchema,
    customer: z
      .object({ displayName: z.string(), email: z.string().nullable(), phone: z.string().nullable() })
      .nullable(),
    shippingAddress: mailingAddressSchema.nullable(),
    lineItems: z.object({
      nodes: z.array(
        lineSchema.extend({ quantity: z.number(), unfulfilledQuantity: z.number(), sku: z.string().nullable() }),
      ),
    }),
    fulfillments: z.array(
      z.object({
        status: z.string(),
        displayStatus: z.string().nullable(),
        updatedAt: z.string(),
        estimatedDeliveryAt: z.string().nullable(),
        deliveredAt: z.string().nullable(),
        trackingInfo: z.array(
          z.object({ company: z.string().nullable(), number: z.string().nullable(), url: z.string().nullable() }),
        ),
        fulfillmentLineItems: z.object({ nodes: z.array(quantityLineSchema) }),
      }),
    ),
    refunds: z.array(
      z.object({
        createdAt: z.string().nullable(),
        note: z.string().nullable(),
        totalRefundedSet: moneySchema,
        refundLineItems: z.object({ nodes: z.array(quantityLineSchema) }),
      }),
    ),
  })
  .transform(
    (node): ShopifyOrder => ({
      id: node.id,
      name: node.name,
      email: node.email,
      phone: node.phone,
      customer: node.customer,
      shippingAddress: node.shippingAddress,
      createdAt: node.createdAt,
      cancelledAt: node.cancelledAt,
      cancelReason: node.cancelReason,
      financialStatus: node.displayFinancialStatus,
      fulfillmentStatus: node.displayFulfillmentStatus,
      total: node.totalPriceSet.shopMoney,
      lineItems: node.lineItems.nodes.map(({ image, ...line }) => ({ ...line, imageUrl: image?.url ?? null })),
      fulfillments: node.fulfillments.map(({ trackingInfo, fulfillmentLineItems, ...fulfillment }) => ({
        ...fulfillment,
        tracking: trackingInfo,
        items: fulfillmentLineItems.nodes,
      })),
      refunds: node.refunds.map((refund) => ({
        createdAt: refund.createdAt,
        note: refund.note,
        amount: refund.totalRefundedSet.shopMoney.amount,
        currencyCode: refund.totalRefundedSet.shopMoney.currencyCode,
        items: refund.refundLineItems.nodes,
      })),
    }),
  );

export const ordersDataSchema = z.object({ orders: z.object({ nodes: z.array(orderNodeSchema) }) });

/** `1001`, `#1001` and ` #1001 ` are one order name; letters compare without case. */
export function normalizeOrderName(name: string): string {
  return name.trim().replace(/^#\s*/, "").toUpperCase();
}

/** Shopify's search syntax for one order name: quoted, with quotes and backslashes escaped. */
export function orderNameSearch(name: string): string {
  const bare = normalizeOrderName(name);
  const shown = /^\d+$/.test(bare) ? `#${bare}` : bare;
  return `name:"${shown.replace(/["\\]/g, "\\$&")}"`;
}
