import type { ValidateEmailOtpRequest, ValidateEmailOtpResponse } from "@harbor/contract/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { currentUserQueryKey } from "./get-current-user";

export function validateEmailOtp(request: ValidateEmailOtpRequest) {
  return apiRequest<ValidateEmailOtpResponse>("/auth/validate-email-otp", { method: "POST", body: request });
}

export function useValidateEmailOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: validateEmailOtp,
    // Mark the session stale without refetching here: the next screen loads it, and refetching now
    // would let the signed-in redirect of this auth screen race the navigation.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey, refetchType: "none" }),
  });
}
