/** A line of an order as the fake shop stores it. */
export interface FakeShopifyLineItem {
  title: string;
  variantTitle: string | null;
  quantity: number;
  sku: string | null;
  imageUrl: string | null;
}

/** Which line (by index in `lineItems`) and how many of it. */
export interface FakeShopifyLineQuantity {
  line: number;
  quantity: number;
}

export interface FakeShopifyFulfillment {
  status: "CANCELLED" | "ERROR" | "FAILURE" | "OPEN" | "PENDING" | "SUCCESS";
  /** The carrier's latest word, as Shopify's FulfillmentDisplayStatus. */
  displayStatus:
    | "ATTEMPTED_DELIVERY"
    | "CONFIRMED"
    | "DELIVERED"
    | "FAILURE"
    | "FULFILLED"
    | "IN_TRANSIT"
    | "LABEL_PRINTED"
    | "OUT_FOR_DELIVERY"
    | null;
  createdAt: string;
  updatedAt: string;
  estimatedDeliveryAt: string | null;
  deliveredAt: string | null;
  tracking: { company: string | null; number: string | null; url: string | null }[];
  items: FakeShopifyLineQuantity[];
}

export interface FakeShopifyRefund {
  createdAt: string;
  note: string | null;
  /** Decimal string in the order's currency. */
  amount: string;
  items: FakeShopifyLineQuantity[];
}

/** A shipping address as the fake shop stores it (MailingAddress, with the ISO country code). */
export interface FakeShopifyMailingAddress {
  firstName: string | null;
  lastName: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  zip: string | null;
  countryCode: string | null;
  provinceCode: string | null;
  phone: string | null;
}

/** An order as the fake shop stores it; the fake serves it in Shopify's Admin API shape. */
export interface FakeShopifyOrder {
  /** `gid://shopify/Order/<number>`; the number orders the list. */
  id: string;
  /** `#1001`: what the customer sees and types. */
  name: string;
  email: string | null;
  phone: string | null;
  createdAt: string;
  cancelledAt: string | null;
  cancelReason: "CUSTOMER" | "DECLINED" | "FRAUD" | "INVENTORY" | "OTHER" | "STAFF" | null;
  financialStatus: "AUTHORIZED" | "PAID" | "PARTIALLY_PAID" | "PARTIALLY_REFUNDED" | "PENDING" | "REFUNDED" | "VOIDED";
  fulfillmentStatus: "FULFILLED" | "IN_PROGRESS" | "ON_HOLD" | "PARTIALLY_FULFILLED" | "UNFULFILLED";
  /** Decimal string. */
  totalPrice: string;
  currencyCode: string;
  customer: { firstName: string; lastName: string; email: string | null; phone: string | null } | null;
  lineItems: FakeShopifyLineItem[];
  fulfillments: FakeShopifyFulfillment[];
  refunds: FakeShopifyRefund[];
  tags?: string[];
  /** None when omitted (an order that ships nowhere). */
  shippingAddress?: FakeShopifyMailingAddress | null;
}

/** The demo shop's customer: the widget's demo page tells visitors to use these details. */
export const DEMO_CUSTOMER = {
  firstName: "Emma",
  lastName: "de Vries",
  email: "emma@example.com",
  phone: "+31612345678",
} as const;

const DEMO_ADDRESS: FakeShopifyMailingAddress = {
  firstName: DEMO_CUSTOMER.firstName,
  lastName: DEMO_CUSTOMER.lastName,
  address1: "Prinsengracht 263",
  address2: null,
  city: "Amsterdam",
  zip: "1016 GV",
  countryCode: "NL",
  provinceCode: "NH",
  phone: DEMO_CUSTOMER.phone,
};

const DAY_MS = 24 * 60 * 60 * 1000;

const TEE: FakeShopifyLineItem = {
  title: "Classic tee",
  variantTitle: "M / Black",
  quantity: 1,
  sku: "TEE-M-BLK",
  imageUrl: null,
};
const TOTE: FakeShopifyLineItem = {
  title: "Canvas tote",
  variantTitle: null,
  quantity: 1,
  sku: "TOTE",
  imageUrl: null,
};
const GIFT_CARD: FakeShopifyLineItem = {
  title: "Gift card",
  variantTitle: "€ 25",
  quantity: 1,
  sku: null,
  imageUrl: null,
};

const dhlTracking = (number: string) => ({
  company: "DHL Express",
  number,
  url: `https://www.dhl.com/nl-en/home/tracking.html?tracking-id=${number}`,
});
const postnlTracking = (number: string) => ({
  company: "PostNL",
  number,
  url: `https://jouw.postnl.nl/track-and-trace/${number}-NL-1012AB`,
});

/**
 * The demo shop's orders, dated relative to `now` so they look recent whenever the demo runs:
 * one of each status a customer asks about (in transit, delivered, not shipped yet, partly
 * shipped with a refund, cancelled).
 */
export function demoShopOrders(now: Date = new Date()): FakeShopifyOrder[] {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const order = (number: number, rest: Omit<FakeShopifyOrder, "id" | "name" | "email" | "phone" | "customer">) => ({
    id: `gid://shopify/Order/${5_000_000 + number}`,
    name: `#${number}`,
    email: DEMO_CUSTOMER.email,
    phone: DEMO_CUSTOMER.phone,
    customer: { ...DEMO_CUSTOMER },
    shippingAddress: { ...DEMO_ADDRESS },
    ...rest,
  });
  return [
    order(1001, {
      createdAt: daysAgo(3),
      cancelledAt: null,
      cancelReason: null,
      financialStatus: "PAID",
      fulfillmentStatus: "FULFILLED",
      totalPrice: "43.00",
      currencyCode: "EUR",
      lineItems: [TEE, TOTE],
      fulfillments: [
        {
          status: "SUCCESS",
          displayStatus: "IN_TRANSIT",
          createdAt: daysAgo(2),
          updatedAt: daysAgo(1),
          estimatedDeliveryAt: daysAgo(-1),
          deliveredAt: null,
          tracking: [dhlTracking("JD014600006281230981")],
          items: [
            { line: 0, quantity: 1 },
            { line: 1, quantity: 1 },
          ],
        },
      ],
      refunds: [],
    }),
    order(1002, {
      createdAt: daysAgo(12),
      cancelledAt: null,
      cancelReason: null,
      financialStatus: "PAID",
      fulfillmentStatus: "FULFILLED",
      totalPrice: "25.00",
      currencyCode: "EUR",
      lineItems: [TEE],
      fulfillments: [
        {
          status: "SUCCESS",
          displayStatus: "DELIVERED",
          createdAt: daysAgo(11),
          updatedAt: daysAgo(9),
          estimatedDeliveryAt: null,
          deliveredAt: daysAgo(9),
          tracking: [postnlTracking("3SABCD1234567")],
          items: [{ line: 0, quantity: 1 }],
        },
      ],
      refunds: [],
    }),
    order(1003, {
      createdAt: daysAgo(0.2),
      cancelledAt: null,
      cancelReason: null,
      financialStatus: "PAID",
      fulfillmentStatus: "UNFULFILLED",
      totalPrice: "18.00",
      currencyCode: "EUR",
      lineItems: [TOTE],
      fulfillments: [],
      refunds: [],
    }),
    order(1004, {
      createdAt: daysAgo(5),
      cancelledAt: null,
      cancelReason: null,
      financialStatus: "PARTIALLY_REFUNDED",
      fulfillmentStatus: "PARTIALLY_FULFILLED",
      totalPrice: "68.00",
      currencyCode: "EUR",
      lineItems: [TEE, { ...TOTE, quantity: 1 }, GIFT_CARD],
      fulfillments: [
        {
          status: "SUCCESS",
          displayStatus: "OUT_FOR_DELIVERY",
          createdAt: daysAgo(2),
          updatedAt: daysAgo(0.1),
          estimatedDeliveryAt: daysAgo(-0.3),
          deliveredAt: null,
          tracking: [postnlTracking("3SABCD7654321")],
          items: [{ line: 0, quantity: 1 }],
        },
      ],
      refunds: [{ createdAt: daysAgo(4), note: "Out of stock", amount: "25.00", items: [{ line: 2, quantity: 1 }] }],
    }),
    order(1005, {
      createdAt: daysAgo(20),
      cancelledAt: daysAgo(19),
      cancelReason: "CUSTOMER",
      financialStatus: "REFUNDED",
      fulfillmentStatus: "UNFULFILLED",
      totalPrice: "25.00",
      currencyCode: "EUR",
      lineItems: [TEE],
      fulfillments: [],
      refunds: [
        {
          createdAt: daysAgo(19),
          note: "Cancelled by the customer",
          amount: "25.00",
          items: [{ line: 0, quantity: 1 }],
        },
      ],
    }),
  ];
}
