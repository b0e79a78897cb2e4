import type {
  AddIntegrationRequest,
  CompanyIntegrationsView,
  RemoveIntegrationRequest,
  StartZendeskOAuthRequest,
  StartZendeskOAuthResponse,
  UpdateIntegrationRequest,
} from "@harbor/contract/integrations";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export const integrationsQueryKey = ["integrations"] as const;

export async function getIntegrations(): Promise<CompanyIntegrationsView> {
  const { data } = await apiRequest<CompanyIntegrationsView>("/company/integration/all");
  return data;
}

export function useIntegrations() {
  return useQuery({ queryKey: integrationsQueryKey, queryFn: getIntegrations });
}

/** Each call answers the company's integrations as they now are: the cards take them as they come. */
function useIntegrationCall<Request>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: Request) => apiRequest<CompanyIntegrationsView>(path, { method: "POST", body: request }),
    onSuccess: ({ data }) => queryClient.setQueryData(integrationsQueryKey, data),
  });
}

export const useAddIntegration = () => useIntegrationCall<AddIntegrationRequest>("/company/integration/add");
export const useUpdateIntegration = () => useIntegrationCall<UpdateIntegrationRequest>("/company/integration/update");
export const useRemoveIntegration = () => useIntegrationCall<RemoveIntegrationRequest>("/company/integration/remove");

/** The Zendesk consent URL for the sign-in popup (decision 058). */
export function useStartZendeskOAuth() {
  return useMutation({
    mutationFn: async (request: StartZendeskOAuthRequest) =>
      (
        await apiRequest<StartZendeskOAuthResponse>("/company/integration/zendesk/oauth", {
          method: "POST",
          body: request,
        })
      ).data,
  });
}

/** While the Zendesk popup is open, the cards are read again every few seconds to see it connect. */
export function useIntegrationsWhile(isWaiting: boolean) {
  return useQuery({
    queryKey: integrationsQueryKey,
    queryFn: getIntegrations,
    refetchInterval: isWaiting ? 2_000 : false,
  });
}
