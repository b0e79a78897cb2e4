import type { FastifyBaseLogger } from "fastify";
import type { OrderLookup } from "../../ai/pipeline/engine-ports";
import type { Database } from "../../db/client";
import type { FakeLoop } from "../../integrations/loop/loop.fake-server";
import type { FakeRecharge } from "../../integrations/recharge/recharge.fake-server";
import type { FakeShopify } from "../../integrations/shopify/shopify.fake-server";
import type { HarborModule } from "../../platform/harbor-module";
import type { Mailer } from "../../platform/mailer";
import type { LimiterStore } from "../../platform/rate-limiter";
import type { SmsSender } from "../../platform/sms-sender";
import type { IntegrationsRepository } from "../integrations/integrations.module";
import { type AddressChangeService, createAddressChangeService } from "./address-change.service";
import { demoLoopSeeder } from "./demo-returns";
import { demoShopHint, demoShopSeeder } from "./demo-shop";
import { demoRechargeSeeder } from "./demo-subscriptions";
import { createManageOrderService, type ManageOrderService } from "./manage-order.service";
import { createOrderActionsRepository } from "./order-actions.repository";
import { createOrderCodesRepository } from "./order-codes.repository";
import { createOrderIssuesService, type OrderIssuesService } from "./order-issues.service";
import { createOrderLookupService } from "./order-lookup.service";
import { createShopCustomers } from "./shop-customer";
import { createSubscriptionApps } from "./subscription-apps";
import { createSubscriptionsService, type SubscriptionsService } from "./subscriptions.service";

export type { AddressChangeResult } from "./address-change.service";
export { reasonInLanguage, rulesOf } from "./cancellation-reasons";
export { demoReturns, startDemoLoop } from "./demo-returns";
export { startDemoShop } from "./demo-shop";
export { demoSubscriptions, startDemoRecharge } from "./demo-subscriptions";
export type { OrderAsker } from "./manage-order.service";
export type { OrderActionRow } from "./order-actions.repository";
export type { IssueReportResult } from "./order-issues.service";
export { ORDER_LOOKUP_FAILURES_PER_HOUR } from "./order-lookup.service";
export type { FindShopCustomer, ShopCustomerResult } from "./shop-customer";
export type { SubscriptionChangeResult } from "./subscriptions.service";

/** The widget's order self-service, as the visitor module calls it. */
export type ManageOrder = ManageOrderService & {
  subscriptions: Pick<SubscriptionsService, "list" | "change">;
  addressChange: Pick<AddressChangeService, "change">;
  orderIssues: Pick<OrderIssuesService, "report">;
};

/** Order self-service: a visitor's order found in the company's shop, only once it is proven theirs. */
export function createOrdersModule(deps: {
  db: Database;
  integrations: IntegrationsRepository;
  limiterStore: LimiterStore;
  log: FastifyBaseLogger;
  /** Mails the e-mail one-time codes. */
  mailer: Pick<Mailer, "send">;
  /** Texts the phone one-time codes (decision 061). */
  smsSender: SmsSender;
  appSecret: string;
  fetch?: typeof globalThis.fetch;
  /** HARBOR_DEMO's running demo shop (startDemoShop); null when the demo is off. */
  demoShop?: FakeShopify | null;
  /** HARBOR_DEMO's running Recharge (startDemoRecharge), with the demo customer's subscriptions. */
  demoRecharge?: FakeRecharge | null;
  /** HARBOR_DEMO's running Loop (startDemoLoop), with a return of demo order #1002. */
  demoLoop?: FakeLoop | null;
}) {
  const { demoShop, demoRecharge, demoLoop } = deps;
  const orderLookupService = createOrderLookupService(deps);
  const orderLookup: OrderLookup = (options) => orderLookupService.lookup(options);
  const orderActions = createOrderActionsRepository(deps.db);
  const apps = createSubscriptionApps({
    db: deps.db,
    integrations: deps.integrations,
    fetch: deps.fetch,
    demoRecharge,
    demoLoop,
  });
  const subscriptions = createSubscriptionsService({
    apps,
    // The manage-order service proves the order (it is built next; called only once both exist).
    verifyOrder: (asker, request) => manageOrderService.verifyOrder(asker, request),
    actions: orderActions,
    log: deps.log,
  });
  const manageOrderService = createManageOrderService({
    lookup: orderLookupService,
    actions: orderActions,
    codes: createOrderCodesRepository(deps.db),
    mailer: deps.mailer,
    smsSender: deps.smsSender,
    appSecret: deps.appSecret,
    // Three codes an hour per visitor and order: enough for a lost mail, not for guessing.
    codeSends: deps.limiterStore.limiter("order-code-sends", { points: 3, durationSeconds: 3600 }),
    log: deps.log,
    orderExtras: async (companyId, found) => ({
      hasSubscriptions: await subscriptions.isOffered(companyId, found.verifiedBy),
      returns: await subscriptions.returnsOf(companyId, found.order.name),
    }),
  });
  const addressChange = createAddressChangeService({
    lookup: orderLookupService,
    verifyOrder: (asker, request) => manageOrderService.verifyOrder(asker, request),
    actions: orderActions,
    log: deps.log,
  });
  const orderIssues = createOrderIssuesService({
    verifyOrder: (asker, request) => manageOrderService.verifyOrder(asker, request),
    actions: orderActions,
  });
  const manageOrder: ManageOrder = { ...manageOrderService, subscriptions, addressChange, orderIssues };
  const module: HarborModule = {
    name: "orders",
    seeders: [
      ...(demoShop ? [demoShopSeeder({ integrations: deps.integrations, demoShop })] : []),
      ...(demoRecharge ? [demoRechargeSeeder({ integrations: deps.integrations, demoRecharge })] : []),
      ...(demoLoop ? [demoLoopSeeder({ integrations: deps.integrations, demoLoop })] : []),
    ],
    drain: async () => {
      await demoShop?.close();
      await demoRecharge?.close();
      await demoLoop?.close();
    },
  };
  /** What the widget's sample page tells a visitor to try (null when the demo is off). */
  const demoOrderHint = demoShop ? demoShopHint() : null;
  /** The inbox's "Open in Shopify": the chat's customer in the shop admin. */
  const findShopCustomer = createShopCustomers({ integrations: deps.integrations, lookup: orderLookupService });
  return { module, orderLookup, orderLookupService, manageOrder, orderActions, demoOrderHint, findShopCustomer };
}
