import type { FastifyBaseLogger } from "fastify";
import type { OrderLookup } from "../../ai/pipeline/engine-ports";
import type { FakeShopify } from "../../integrations/shopify/shopify.fake-server";
import type { HarborModule } from "../../platform/harbor-module";
import type { LimiterStore } from "../../platform/rate-limiter";
import type { IntegrationsRepository } from "../integrations/integrations.module";
import { demoShopHint, demoShopSeeder } from "./demo-shop";
import { createOrderLookupService } from "./order-lookup.service";

export { startDemoShop } from "./demo-shop";
export { ORDER_LOOKUP_FAILURES_PER_HOUR } from "./order-lookup.service";

/** Order self-service: a visitor's order found in the company's shop, only once it is proven theirs. */
export function createOrdersModule(deps: {
  integrations: IntegrationsRepository;
  limiterStore: LimiterStore;
  log: FastifyBaseLogger;
  fetch?: typeof globalThis.fetch;
  /** HARBOR_DEMO's running demo shop (startDemoShop); null when the demo is off. */
  demoShop?: FakeShopify | null;
}) {
  const { demoShop } = deps;
  const orderLookupService = createOrderLookupService(deps);
  const orderLookup: OrderLookup = (options) => orderLookupService.lookup(options);
  const module: HarborModule = {
    name: "orders",
    seeders: demoShop ? [demoShopSeeder({ integrations: deps.integrations, demoShop })] : [],
    drain: async () => {
      await demoShop?.close();
    },
  };
  /** What the widget's sample page tells a visitor to try (null when the demo is off). */
  const demoOrderHint = demoShop ? demoShopHint() : null;
  return { module, orderLookup, orderLookupService, demoOrderHint };
}
