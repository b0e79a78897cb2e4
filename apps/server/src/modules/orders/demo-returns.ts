import type { LoopReturn } from "../../integrations/loop/loop.client";
import { type FakeLoop, startFakeLoop } from "../../integrations/loop/loop.fake-server";
import { DEMO_CUSTOMER } from "../../integrations/shopify/shopify.fake-orders";
import type { DemoContentSeeder } from "../../platform/harbor-module";
import type { IntegrationsRepository } from "../integrations/integrations.module";

/*
 * HARBOR_DEMO's returns app: the protocol-faithful Loop fake on a loopback port, with one open
 * return of demo order #1002 (the delivered tee, too small). New workspaces are connected to it
 * beside the demo shop and the demo Recharge, so a newcomer who verifies #1002 in the widget sees
 * its return's status. As with the others, the port changes per start: the connection is marked
 * as the demo's and sent to the running fake; with the demo off it counts as not connected.
 */

/** Marks the demo connection (Loop connections otherwise have no public credentials). */
export const DEMO_LOOP_MARK = "harbor-demo-loop";
/** Not a secret: the fake listens on loopback only and holds a made-up return. */
const DEMO_LOOP_KEY = "harbor_demo_loop_key";

export function demoReturns(now = new Date()): LoopReturn[] {
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  return [
    {
      id: 31_002,
      state: "open",
      created_at: daysAgo(2),
      updated_at: daysAgo(1),
      order_id: 5_001_002,
      order_name: "#1002",
      customer: DEMO_CUSTOMER.email,
      total: "25.00",
      refund: "25.00",
      exchange: null,
      line_items: [{ line_item_id: 1, title: "Classic tee", sku: "TEE-M-BLK", return_reason: "Too small" }],
    },
  ];
}

export function startDemoLoop(): Promise<FakeLoop> {
  return startFakeLoop({ apiKey: DEMO_LOOP_KEY, returns: demoReturns() });
}

/** Connects a new workspace to the demo Loop (unless it has a Loop connection of its own). */
export function demoLoopSeeder(deps: { integrations: IntegrationsRepository; demoLoop: FakeLoop }) {
  const seeder: DemoContentSeeder = {
    name: "orders.demo-loop",
    async seed(companyId) {
      if (await deps.integrations.find(companyId, "loop")) return;
      await deps.integrations.save({
        companyId,
        app: "loop",
        publicCredentials: { demo: DEMO_LOOP_MARK },
        secrets: { apiKey: DEMO_LOOP_KEY },
        baseUrl: deps.demoLoop.url,
      });
    },
  };
  return seeder;
}
