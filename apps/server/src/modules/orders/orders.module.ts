import type { FastifyBaseLogger } from "fastify";
import type { OrderLookup } from "../../ai/pipeline/engine-ports";
import type { HarborModule } from "../../platform/harbor-module";
import type { LimiterStore } from "../../platform/rate-limiter";
import type { IntegrationsRepository } from "../integrations/integrations.module";
import { createOrderLookupService } from "./order-lookup.service";

export { ORDER_LOOKUP_FAILURES_PER_HOUR } from "./order-lookup.service";

/** Order self-service: a visitor's order found in the company's shop, only once it is proven theirs. */
export function createOrdersModule(deps: {
  integrations: IntegrationsRepository;
  limiterStore: LimiterStore;
  log: FastifyBaseLogger;
  fetch?: typeof globalThis.fetch;
}) {
  const orderLookupService = createOrderLookupService(deps);
  const orderLookup: OrderLookup = (options) => orderLookupService.lookup(options);
  const module: HarborModule = { name: "orders" };
  return { module, orderLookup, orderLookupService };
}
