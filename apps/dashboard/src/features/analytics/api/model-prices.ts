import type { ModelPrice, ModelPrices } from "@harbor/contract/analytics";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export const modelPricesQueryKey = ["analytics", "model-prices"] as const;

export async function getModelPrices(): Promise<ModelPrices> {
  const { data } = await apiRequest<ModelPrices>("/analytics/model-prices");
  return data;
}

export const modelPricesQueryOptions = () => queryOptions({ queryKey: modelPricesQueryKey, queryFn: getModelPrices });

export function useModelPrices() {
  return useQuery(modelPricesQueryOptions());
}

/** A changed price changes every cost, so the cost figures are read again with the new table. */
function usePriceChange<T>(request: (body: T) => Promise<ModelPrices>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (data) => {
      queryClient.setQueryData(modelPricesQueryKey, data);
      await queryClient.invalidateQueries({ queryKey: ["analytics", "cost-and-speed"] });
    },
  });
}

export function useSetModelPrice() {
  return usePriceChange(
    async (body: ModelPrice) => (await apiRequest<ModelPrices>("/analytics/model-prices", { body })).data,
  );
}

export function useResetModelPrice() {
  return usePriceChange(
    async (body: { model: string }) => (await apiRequest<ModelPrices>("/analytics/model-prices/reset", { body })).data,
  );
}
