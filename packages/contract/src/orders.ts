import { z } from "zod";

/*
 * Order self-service: the order card an AI answer carries in `messageData.order` (spec part 1 §3,
 * Order card), read by the widget and the inbox. Fulfillment `status` and `shipmentStatus` are the
 * shop's words in lower case (`success`, `open`, `cancelled`; `in_transit`, `out_for_delivery`,
 * `delivered`), which `fulfillment-display.ts` turns into the one status the card shows.
 */

const text = z.string().nullable();

export const orderItemSchema = z.object({
  title: z.string(),
  variantTitle: text,
  imageSrc: text,
  quantity: z.number().int().positive(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderFulfillmentSchema = z.object({
  status: text,
  shipmentStatus: text,
  updatedAt: text,
  company: text,
  trackingNumber: text,
  trackingURL: text,
  items: z.array(orderItemSchema),
});
export type OrderFulfillment = z.infer<typeof orderFulfillmentSchema>;

export const orderCardSchema = z.object({
  order: z.object({
    /** `#1001` */
    name: z.string(),
    createdAt: text,
    /** The shop's payment status in lower case: `paid`, `partially_refunded`, … */
    financialStatus: text,
    /** Set when the order was cancelled. */
    cancelledAt: text,
  }),
  customer: z.object({ name: text, email: text }).nullable(),
  fulfillments: z.array(orderFulfillmentSchema),
  /** Items not shipped yet (and not refunded). */
  processingItems: z.array(orderItemSchema),
  refunds: z.array(z.object({ createdAt: text, products: z.array(orderItemSchema) })),
});
export type OrderCard = z.infer<typeof orderCardSchema>;
