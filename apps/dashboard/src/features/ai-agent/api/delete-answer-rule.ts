import type { AiAgent, SaveAnswerRuleRequest } from "@harbor/contract/ai-agent";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { aiAgentQueryKey } from "./get-ai-agent";

/** answerRuleIdRequestSchema's shape; the contract exports no type for it. */
type DeleteAnswerRuleRequest = Required<Pick<SaveAnswerRuleRequest, "ruleID">>;

export function deleteAnswerRule(request: DeleteAnswerRuleRequest) {
  return apiRequest<null>("/ai-agent/answer-rule/delete", { method: "POST", body: request });
}

export function useDeleteAnswerRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnswerRule,
    onSuccess: (_answer, { ruleID }) =>
      queryClient.setQueryData<AiAgent>(aiAgentQueryKey, (agent) =>
        agent ? { ...agent, answerRules: agent.answerRules.filter((rule) => rule._id !== ruleID) } : agent,
      ),
  });
}
