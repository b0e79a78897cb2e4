import { DEMO_CUSTOMER, demoShopOrders } from "../../integrations/shopify/shopify.fake-orders";
import { type FakeShopify, startFakeShopify } from "../../integrations/shopify/shopify.fake-server";
import type { DemoContentSeeder } from "../../platform/harbor-module";
import type { IntegrationsRepository } from "../integrations/integrations.module";

/*
 * HARBOR_DEMO's shop: the protocol-faithful Shopify fake, run in this process on a loopback port,
 * with orders #1001–#1005 of the demo customer (DEMO_CUSTOMER). New workspaces are connected to it,
 * so a newcomer can track an order in the widget minutes after sign-up. The port changes with
 * every start, so a lookup finds the demo shop by its domain and takes the running fake's address;
 * with the demo off, a workspace still connected to it is treated as not connected.
 */

const DEMO_SHOP_NAME = "Harbor Demo Shop";
/** Not a secret: the fake listens on loopback only and holds made-up orders. */
const DEMO_SHOP_TOKEN = "shpat_harbor_demo_shop";
export const DEMO_SHOP_DOMAIN = "harbor-demo-shop.myshopify.com";

export function startDemoShop(): Promise<FakeShopify> {
  return startFakeShopify({
    accessToken: DEMO_SHOP_TOKEN,
    shopName: DEMO_SHOP_NAME,
    products: [],
    orders: demoShopOrders(),
  });
}

/** Connects a new workspace to the demo shop (unless it has a Shopify connection of its own). */
export function demoShopSeeder(deps: {
  integrations: IntegrationsRepository;
  demoShop: FakeShopify;
}): DemoContentSeeder {
  return {
    name: "orders.demo-shop",
    async seed(companyId) {
      if (await deps.integrations.find(companyId, "shopify")) return;
      await deps.integrations.save({
        companyId,
        app: "shopify",
        publicCredentials: { shopName: deps.demoShop.shopDomain },
        secrets: { adminApiAccessToken: DEMO_SHOP_TOKEN },
        baseUrl: deps.demoShop.url,
      });
    },
  };
}

/** The demo shop's order numbers and the customer's e-mail, for the sample page's hint. */
export function demoShopHint(): { orderNumbers: string[]; email: string } {
  return { orderNumbers: demoShopOrders().map((order) => order.name), email: DEMO_CUSTOMER.email };
}
