import { CHAT_SUMMARY_CUT } from "@harbor/contract/chat";

/** Spec part 1 §5: the chat summary is cut to 500 characters plus an ellipsis when it is longer. */
export function cutSummary(summary: string): string {
  return summary.length > CHAT_SUMMARY_CUT ? `${summary.slice(0, CHAT_SUMMARY_CUT)}…` : summary;
}
