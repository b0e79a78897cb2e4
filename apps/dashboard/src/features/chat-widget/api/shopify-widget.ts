import type { ShopifyWidgetState } from "@harbor/contract/widget";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export const shopifyWidgetQueryKey = ["shopify-widget"] as const;

/** Whether a shop is connected and its Online Store loads the widget (a script tag, read from Shopify). */
export function useShopifyWidget() {
  return useQuery({
    queryKey: shopifyWidgetQueryKey,
    queryFn: async () => (await apiRequest<ShopifyWidgetState>("/widget-settings/shopify-widget")).data,
    retry: false,
  });
}

/** GET /widget-settings/shopify-widget/toggle (spec part 2 §7): adds or removes the script tag; answers the new state. */
export async function toggleShopifyWidget(): Promise<ShopifyWidgetState> {
  return (await apiRequest<ShopifyWidgetState>("/widget-settings/shopify-widget/toggle")).data;
}
