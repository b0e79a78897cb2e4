/** Navigation state handed to /authenticate-login: the server's "we sent a code" message. */
export type CodeSentState = { message: string };

export function readCodeSentMessage(state: unknown): string | null {
  if (typeof state === "object" && state !== null && "message" in state && typeof state.message === "string") {
    return state.message;
  }
  return null;
}
