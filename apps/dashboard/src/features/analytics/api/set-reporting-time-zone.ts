import type { ReportingTimeZoneBody } from "@harbor/contract/analytics";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { reportingTimeZoneQueryKey } from "./get-reporting-time-zone";

export async function setReportingTimeZone(body: ReportingTimeZoneBody): Promise<ReportingTimeZoneBody> {
  const { data } = await apiRequest<ReportingTimeZoneBody>("/analytics/time-zone", { body });
  return data;
}

/** A new zone moves every day boundary, so every analytics figure is read again. */
export function useSetReportingTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReportingTimeZone,
    onSuccess: async (data) => {
      queryClient.setQueryData(reportingTimeZoneQueryKey, data);
      await queryClient.invalidateQueries({ queryKey: ["analytics"] });
    },
  });
}
