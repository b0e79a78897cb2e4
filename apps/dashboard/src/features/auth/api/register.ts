import type { RegisterRequest } from "@harbor/contract/auth";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export function register(request: RegisterRequest) {
  return apiRequest<null>("/auth/register", { method: "POST", body: request });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
