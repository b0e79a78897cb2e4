import type { ReportingTimeZoneBody } from "@harbor/contract/analytics";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export const reportingTimeZoneQueryKey = ["analytics", "time-zone"] as const;

export async function getReportingTimeZone(): Promise<ReportingTimeZoneBody> {
  const { data } = await apiRequest<ReportingTimeZoneBody>("/analytics/time-zone");
  return data;
}

export const reportingTimeZoneQueryOptions = () =>
  queryOptions({ queryKey: reportingTimeZoneQueryKey, queryFn: getReportingTimeZone });

export function useReportingTimeZone() {
  return useQuery(reportingTimeZoneQueryOptions());
}
