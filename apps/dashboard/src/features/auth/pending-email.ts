/**
 * The e-mail a code was sent to, and why (signing in, or signing up for a new account), kept for
 * the tab's life so a reload keeps the code screen and "Resend code" asks for the same kind of
 * code: a sign-up resent as a sign-in would mail "there is no Harbor account" instead.
 */
const KEY = "harbor.pendingEmail";
const FLOW_KEY = "harbor.pendingFlow";

export type CodeFlow = "sign-in" | "sign-up";

export function getPendingEmail(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** The flow the held e-mail's code came from; sign-in unless sign-up was stored. */
export function getPendingFlow(): CodeFlow {
  try {
    return window.sessionStorage.getItem(FLOW_KEY) === "sign-up" ? "sign-up" : "sign-in";
  } catch {
    return "sign-in";
  }
}

export function setPendingEmail(email: string, flow: CodeFlow = "sign-in"): void {
  try {
    window.sessionStorage.setItem(KEY, email);
    window.sessionStorage.setItem(FLOW_KEY, flow);
  } catch {
    // Storage can be disabled (private mode); the code screen then sends the user back to sign in.
  }
}

export function clearPendingEmail(): void {
  try {
    window.sessionStorage.removeItem(KEY);
    window.sessionStorage.removeItem(FLOW_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
