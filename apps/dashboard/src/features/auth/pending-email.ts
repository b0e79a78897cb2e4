/** The e-mail a sign-in code was sent to, kept for the tab's life so a reload keeps the code screen. */
const KEY = "harbor.pendingEmail";

export function getPendingEmail(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setPendingEmail(email: string): void {
  try {
    window.sessionStorage.setItem(KEY, email);
  } catch {
    // Storage can be disabled (private mode); the code screen then sends the user back to sign in.
  }
}

export function clearPendingEmail(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
