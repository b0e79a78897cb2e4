import { NOTIFICATION_DEFAULT_MS, NOTIFICATION_ERROR_MS, NOTIFICATION_SUCCESS_MS } from "@harbor/contract/constants";
import { notifications } from "@mantine/notifications";

type NotifyOptions = { title?: string; message: string };

export function notifySuccess({ title, message }: NotifyOptions): void {
  notifications.show({ title, message, color: "green", autoClose: NOTIFICATION_SUCCESS_MS });
}

export function notifyError({ title, message }: NotifyOptions): void {
  notifications.show({ title, message, color: "red", autoClose: NOTIFICATION_ERROR_MS });
}

export function notifyInfo({ title, message }: NotifyOptions): void {
  notifications.show({ title, message, autoClose: NOTIFICATION_DEFAULT_MS });
}
