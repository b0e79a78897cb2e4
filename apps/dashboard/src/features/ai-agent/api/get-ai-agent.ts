import type { AiAgent } from "@harbor/contract/ai-agent";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export const aiAgentQueryKey = ["ai-agent"] as const;

export async function getAiAgent(): Promise<AiAgent> {
  const { data } = await apiRequest<AiAgent>("/ai-agent/");
  return data;
}

export const aiAgentQueryOptions = () => queryOptions({ queryKey: aiAgentQueryKey, queryFn: getAiAgent });

export function useAiAgent() {
  return useQuery(aiAgentQueryOptions());
}
