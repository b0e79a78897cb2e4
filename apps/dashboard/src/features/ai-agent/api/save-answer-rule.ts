import type { AiAgent, AnswerRule, SaveAnswerRuleRequest } from "@harbor/contract/ai-agent";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { aiAgentQueryKey } from "./get-ai-agent";

export function saveAnswerRule(request: SaveAnswerRuleRequest) {
  return apiRequest<AnswerRule>("/ai-agent/answer-rule/save", { method: "POST", body: request });
}

/** The saved rule replaces its old version in the list, or joins the end of it when it is new. */
export function withSavedRule(rules: AnswerRule[], saved: AnswerRule): AnswerRule[] {
  return rules.some((rule) => rule._id === saved._id)
    ? rules.map((rule) => (rule._id === saved._id ? saved : rule))
    : [...rules, saved];
}

export function useSaveAnswerRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAnswerRule,
    onSuccess: ({ data }) =>
      queryClient.setQueryData<AiAgent>(aiAgentQueryKey, (agent) =>
        agent ? { ...agent, answerRules: withSavedRule(agent.answerRules, data) } : agent,
      ),
  });
}
