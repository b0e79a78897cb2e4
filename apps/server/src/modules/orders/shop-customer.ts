import type { IntegrationsRepository } from "../integrations/integrations.module";
import type { createOrderLookupService } from "./order-lookup.service";

export type ShopCustomerResult =
  | { kind: "not_connected" }
  | { kind: "not_found" }
  | { kind: "found"; id: string; name: string; adminUrl: string };

/**
 * The shop's customer with a chat's e-mail address (spec part 1 §7, /chat/shopify/get-customer),
 * with the link to them in the shop admin: `admin.shopify.com/store/{handle}/customers/{id}`,
 * the admin's own address (the older `{shop}.myshopify.com/admin/…` only redirects there).
 */
export function createShopCustomers(deps: {
  integrations: IntegrationsRepository;
  lookup: Pick<ReturnType<typeof createOrderLookupService>, "shopClientFor">;
}) {
  return async function findShopCustomer(companyId: string, email: string): Promise<ShopCustomerResult> {
    const client = await deps.lookup.shopClientFor(companyId);
    const shopName = (await deps.integrations.find(companyId, "shopify"))?.publicCredentials.shopName ?? "";
    if (!client || !shopName) return { kind: "not_connected" };
    const customer = await client.findCustomerByEmail(email);
    if (!customer) return { kind: "not_found" };
    const numericId = customer.id.replace(/^.*\//, "");
    const handle = shopName.replace(/\.myshopify\.com$/, "");
    return {
      kind: "found",
      id: customer.id,
      name: customer.displayName,
      adminUrl: `https://admin.shopify.com/store/${encodeURIComponent(handle)}/customers/${encodeURIComponent(numericId)}`,
    };
  };
}

export type FindShopCustomer = ReturnType<typeof createShopCustomers>;
