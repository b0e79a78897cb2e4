import { isSameDay } from "@harbor/contract/dates";

const TIME_FORMAT = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hour12: true });
const DAY_MONTH_FORMAT = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short" });

/** Times in the list (spec part 1 §9): today "09:05 AM", yesterday "Yesterday", else "12 Nov". */
export function formatListTime(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  if (isSameDay(date, now)) return TIME_FORMAT.format(date);
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (isSameDay(date, yesterday)) return "Yesterday";
  return DAY_MONTH_FORMAT.format(date);
}

const MESSAGE_TIME_FORMAT = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  hour12: true,
});

/** A message's time in the chat panel: "12 Nov, 09:05 am". */
export function formatMessageTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : MESSAGE_TIME_FORMAT.format(date);
}
