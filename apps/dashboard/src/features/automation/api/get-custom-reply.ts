import type { CustomReply } from "@harbor/contract/automation";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export const customReplyQueryKey = (replyId: string) => ["automation", "custom-reply", replyId] as const;

export async function getCustomReply(replyId: string): Promise<CustomReply> {
  const { data } = await apiRequest<CustomReply>("/custom-reply/get", { body: { customReplyID: replyId } });
  return data;
}

/** One reply with its graph (the flow editor). */
export function useCustomReply(replyId: string) {
  return useQuery(
    queryOptions({ queryKey: customReplyQueryKey(replyId), queryFn: () => getCustomReply(replyId), staleTime: 0 }),
  );
}
