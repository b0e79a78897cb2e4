import { useCallback, useState } from "react";
import { errorMessage } from "../../lib/api-client";
import { type StaffMessageKind, useSendStaffMessage } from "./api/send-staff-message";
import type { PendingMessage } from "./pending-messages";

/**
 * Replies and notes being sent: shown at once as pending, dropped when stored (the stored message
 * is in the chat by then), kept with the server's message when sending failed, to retry with the
 * same client id (stored once however often it is sent) or discard.
 */
export function usePendingMessages() {
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const { mutateAsync } = useSendStaffMessage();

  const deliver = useCallback(
    (item: PendingMessage) => {
      const update = (change: Partial<PendingMessage> | null) =>
        setPending((list) =>
          change === null
            ? list.filter((entry) => entry.clientMessageID !== item.clientMessageID)
            : list.map((entry) => (entry.clientMessageID === item.clientMessageID ? { ...entry, ...change } : entry)),
        );
      mutateAsync({
        kind: item.kind,
        request: { chatID: item.chatID, clientMessageID: item.clientMessageID, message: item.message },
      }).then(
        () => update(null),
        (error: unknown) => update({ status: "failed", error: errorMessage(error) }),
      );
    },
    [mutateAsync],
  );

  const submit = useCallback(
    (options: { chatID: string; kind: StaffMessageKind; message: string; afterMessageID: string | null }) => {
      const item: PendingMessage = {
        ...options,
        clientMessageID: crypto.randomUUID(),
        status: "sending",
        error: null,
      };
      setPending((list) => [...list, item]);
      deliver(item);
    },
    [deliver],
  );

  const retry = useCallback(
    (item: PendingMessage) => {
      const again = { ...item, status: "sending" as const, error: null };
      setPending((list) => list.map((entry) => (entry.clientMessageID === item.clientMessageID ? again : entry)));
      deliver(again);
    },
    [deliver],
  );

  const discard = useCallback((item: PendingMessage) => {
    setPending((list) => list.filter((entry) => entry.clientMessageID !== item.clientMessageID));
  }, []);

  return { pending, submit, retry, discard };
}

export type PendingMessages = ReturnType<typeof usePendingMessages>;
