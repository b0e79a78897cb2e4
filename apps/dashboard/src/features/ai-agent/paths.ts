/** The AI agent area's routes (spec part 1 §2); the playground is an addition. */
export const PERSONA_PATH = "/ai-agent/persona";
export const ANSWER_RULES_PATH = "/ai-agent/answer-rules";
export const WORKFLOWS_PATH = "/ai-agent/workflows";
export const PLAYGROUND_PATH = "/ai-agent/playground";
