import type { AgentCompany, AiAgent, Persona, Workflows } from "@harbor/contract/ai-agent";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { aiAgentQueryKey } from "./get-ai-agent";

/** The Persona page's parts: the picture only when it was replaced. The server sets thumbnailURL itself. */
type SavePersonaRequest = {
  persona: Omit<Persona, "thumbnailURL">;
  company: AgentCompany;
  picture: File | null;
};
type SaveWorkflowsRequest = { workflows: Workflows };
export type SaveAiAgentRequest = SavePersonaRequest | SaveWorkflowsRequest;

/** POST /ai-agent/save takes multipart parts (spec part 1 §7): JSON strings, plus the picture file. */
export function toSaveAiAgentForm(request: SaveAiAgentRequest): FormData {
  const form = new FormData();
  if ("workflows" in request) {
    form.append("workflows", JSON.stringify(request.workflows));
    return form;
  }
  form.append("persona", JSON.stringify(request.persona));
  form.append("company", JSON.stringify(request.company));
  if (request.picture) {
    form.append("images", request.picture, request.picture.name);
    form.append("thumbnailAdded", "true");
  }
  return form;
}

export function saveAiAgent(request: SaveAiAgentRequest) {
  return apiRequest<AiAgent>("/ai-agent/save", { method: "POST", body: toSaveAiAgentForm(request) });
}

export function useSaveAiAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAiAgent,
    // The answer is the whole saved agent: it replaces the cache without reading it again.
    onSuccess: ({ data }) => queryClient.setQueryData(aiAgentQueryKey, data),
  });
}
