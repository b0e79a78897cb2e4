import type { ShopifyCustomerResponse } from "@harbor/contract/chat";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export async function getShopifyCustomer(chatID: string): Promise<ShopifyCustomerResponse> {
  const { data } = await apiRequest<ShopifyCustomerResponse>("/chat/shopify/get-customer", {
    method: "POST",
    body: { chatID },
  });
  return data;
}

/**
 * The chat's customer in the connected shop (by the chat's e-mail), for the summary's "Open in
 * Shopify". Asked only when the chat has an e-mail; a failure just leaves the link out.
 */
export function useShopifyCustomer(chatID: string, email: string | null) {
  return useQuery({
    queryKey: ["inbox", "shopify-customer", chatID, email] as const,
    queryFn: () => getShopifyCustomer(chatID),
    enabled: Boolean(email),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
