import type { AnswerEngine, AnswerRule } from "@harbor/contract/ai-agent";
import { isFollowedByLocalEngine } from "@harbor/contract/answer-rules";

/** An active rule the built-in engine won't follow (it follows only rules that forbid a quoted phrase). */
export const isIgnoredByEngine = (rule: AnswerRule, engine: AnswerEngine) =>
  engine === "local" && rule.isActive && !isFollowedByLocalEngine(rule);
