import { Alert } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import type { ReactNode } from "react";

export type StatusMessage = { type: "success" | "error"; message: string; action?: ReactNode };

/** The auth screens' status bar: the server's message, green on success and red on error. */
export function StatusBar({ status }: { status: StatusMessage | null }) {
  if (!status) return null;
  const isError = status.type === "error";
  return (
    <Alert
      role={isError ? "alert" : "status"}
      color={isError ? "red" : "green"}
      icon={isError ? <IconAlertCircle aria-hidden /> : <IconCircleCheck aria-hidden />}
      data-testid="status-bar"
    >
      {status.message}
      {status.action ? <div>{status.action}</div> : null}
    </Alert>
  );
}
