import { useState } from "react";

/**
 * A button's server call: busy while it runs (a second press does nothing), and its failure kept
 * to show ("" when no message came: the screen says "Not sent.").
 */
export function useAction() {
  const [isBusy, setIsBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function run(action: () => Promise<unknown>) {
    if (isBusy) return;
    setIsBusy(true);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setIsBusy(false);
    }
  }
  return { isBusy, failure, run };
}
