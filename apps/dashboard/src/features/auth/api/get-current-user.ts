import type { GetUserResponse } from "@harbor/contract/user";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest, isUnauthorized } from "../../../lib/api-client";

export const currentUserQueryKey = ["current-user"] as const;

export async function getCurrentUser(): Promise<GetUserResponse> {
  const { data } = await apiRequest<GetUserResponse>("/user/");
  return data;
}

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: currentUserQueryKey, queryFn: getCurrentUser, retry: false });

type SessionOptions = { pollMs?: (data: GetUserResponse | undefined) => number | false };

export type Session =
  | { status: "loading" }
  | { status: "signed-out" }
  | { status: "failed"; error: unknown; retry: () => void }
  | { status: "signed-in"; data: GetUserResponse };

/**
 * The signed-in user and company, as the guards and auth screens need them. A cached failure that
 * is being refetched (e.g. just after signing in) counts as loading, not as signed out.
 */
export function useSession({ pollMs }: SessionOptions = {}): Session {
  const query = useQuery({
    ...currentUserQueryOptions(),
    refetchInterval: pollMs ? (q) => pollMs(q.state.data) : false,
  });
  if (query.isPending || (query.isError && query.isFetching)) return { status: "loading" };
  if (query.isError) {
    if (isUnauthorized(query.error)) return { status: "signed-out" };
    return { status: "failed", error: query.error, retry: () => void query.refetch() };
  }
  return { status: "signed-in", data: query.data };
}
