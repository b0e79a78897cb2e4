import { useState } from "react";
import { notifySuccess } from "../../lib/notify";

type DeleteMutation = {
  mutateAsync: (id: string) => Promise<unknown>;
  reset: () => void;
  isPending: boolean;
  error: unknown;
};

/**
 * Delete after a confirmation that names the item: `ask` opens it (clearing the last failure),
 * `confirm` deletes once however often it is pressed, closes on success with the spec's notice,
 * and on failure stays open with the error shown in it.
 */
export function useConfirmedDelete<T extends { _id: string }>(mutation: DeleteMutation, deletedMessage: string) {
  const [item, setItem] = useState<T | null>(null);
  return {
    item,
    isPending: mutation.isPending,
    error: mutation.error,
    ask(next: T) {
      mutation.reset();
      setItem(next);
    },
    cancel() {
      setItem(null);
    },
    async confirm() {
      if (!item || mutation.isPending) return;
      try {
        await mutation.mutateAsync(item._id);
        notifySuccess({ message: deletedMessage });
        setItem(null);
      } catch {
        // Shown in the confirmation.
      }
    },
  };
}
