import type { PlaygroundRequest, PlaygroundResponse } from "@harbor/contract/ai-agent";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

/** A trial question: the server answers it like the widget would, without creating a chat. */
export function askPlayground(request: PlaygroundRequest) {
  return apiRequest<PlaygroundResponse>("/ai-agent/playground", { method: "POST", body: request });
}

export function useAskPlayground() {
  return useMutation({ mutationFn: askPlayground });
}
