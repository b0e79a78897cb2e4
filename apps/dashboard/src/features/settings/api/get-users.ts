import type { TeamMember } from "@harbor/contract/user";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export const usersQueryKey = ["users"] as const;

export async function getUsers(): Promise<TeamMember[]> {
  const { data } = await apiRequest<TeamMember[]>("/user/all");
  return data;
}

export const usersQueryOptions = () => queryOptions({ queryKey: usersQueryKey, queryFn: getUsers });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
