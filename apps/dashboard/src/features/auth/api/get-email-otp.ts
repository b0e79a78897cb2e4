import type { GetEmailOtpRequest } from "@harbor/contract/auth";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export function getEmailOtp(request: GetEmailOtpRequest) {
  return apiRequest<null>("/auth/get-email-otp", { method: "POST", body: request });
}

export function useGetEmailOtp() {
  return useMutation({ mutationFn: getEmailOtp });
}
