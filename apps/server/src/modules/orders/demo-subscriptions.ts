import type { RechargeSubscription } from "../../integrations/recharge/recharge.client";
import { type FakeRecharge, startFakeRecharge } from "../../integrations/recharge/recharge.fake-server";
import { DEMO_CUSTOMER } from "../../integrations/shopify/shopify.fake-orders";
import type { DemoContentSeeder } from "../../platform/harbor-module";
import type { IntegrationsRepository } from "../integrations/integrations.module";

/*
 * HARBOR_DEMO's subscription app: the protocol-faithful Recharge fake on a loopback port, with two
 * subscriptions of the demo shop's customer (the e-mail of orders #1001–#1005). New workspaces are
 * connected to it beside the demo shop, so a newcomer who verifies a demo order can see and change
 * them. As with the demo shop, the port changes per start: the connection is marked as the demo's
 * and sent to the running fake; with the demo off it counts as not connected.
 */

/** Marks the demo connection (Recharge connections otherwise have no public credentials). */
export const DEMO_RECHARGE_MARK = "harbor-demo-recharge";
/** Not a secret: the fake listens on loopback only and holds made-up subscriptions. */
const DEMO_RECHARGE_KEY = "harbor_demo_recharge_key";
const DEMO_CUSTOMER_ID = 7001;

const dayAfter = (days: number, now: Date) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

export function demoSubscriptions(now = new Date()): RechargeSubscription[] {
  const common = { address_id: 8001, customer_id: DEMO_CUSTOMER_ID, status: "active", presentment_currency: "EUR" };
  return [
    {
      ...common,
      id: 9001,
      product_title: "House blend coffee beans",
      variant_title: "1 kg, whole beans",
      quantity: 2,
      price: "18.50",
      next_charge_scheduled_at: dayAfter(2, now),
      order_interval_frequency: 2,
      order_interval_unit: "week",
      charge_interval_frequency: 2,
    },
    {
      ...common,
      id: 9002,
      product_title: "Paper filters",
      variant_title: "Size 02, 100 pack",
      quantity: 1,
      price: "4.95",
      next_charge_scheduled_at: dayAfter(12, now),
      order_interval_frequency: 1,
      order_interval_unit: "month",
      charge_interval_frequency: 1,
    },
  ];
}

export function startDemoRecharge(): Promise<FakeRecharge> {
  return startFakeRecharge({
    apiKey: DEMO_RECHARGE_KEY,
    customers: [
      {
        id: DEMO_CUSTOMER_ID,
        email: DEMO_CUSTOMER.email,
        first_name: DEMO_CUSTOMER.firstName,
        last_name: DEMO_CUSTOMER.lastName,
      },
    ],
    subscriptions: demoSubscriptions(),
    // The demo runs for days: "today" is asked each time, as Recharge knows it.
    today: () => new Date().toISOString().slice(0, 10),
  });
}

/** Connects a new workspace to the demo Recharge (unless it has a Recharge connection of its own). */
export function demoRechargeSeeder(deps: { integrations: IntegrationsRepository; demoRecharge: FakeRecharge }) {
  const seeder: DemoContentSeeder = {
    name: "orders.demo-recharge",
    async seed(companyId) {
      if (await deps.integrations.find(companyId, "recharge")) return;
      await deps.integrations.save({
        companyId,
        app: "recharge",
        publicCredentials: { demo: DEMO_RECHARGE_MARK },
        secrets: { apiKey: DEMO_RECHARGE_KEY },
        baseUrl: deps.demoRecharge.url,
      });
    },
  };
  return seeder;
}
