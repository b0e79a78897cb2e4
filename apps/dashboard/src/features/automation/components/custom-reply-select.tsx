import type { CustomReplyListItem } from "@harbor/contract/automation";
import { NativeSelect } from "@mantine/core";
import { texts } from "../../../lib/texts";

const t = texts.automation;

type CustomReplySelectProps = {
  label: string;
  description?: string;
  replies: CustomReplyListItem[];
  value: string | null;
  onChange: (replyId: string | null) => void;
};

/** A native select (keyboard and screen readers for free): "None" or one of the company's replies. */
export function CustomReplySelect({ label, description, replies, value, onChange }: CustomReplySelectProps) {
  return (
    <NativeSelect
      label={label}
      description={description}
      value={value ?? ""}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      data={[
        { value: "", label: t.noCustomReply },
        ...replies.map((reply) => ({ value: reply._id, label: reply.name })),
      ]}
    />
  );
}

/** A reply's name for a table cell; a reply the list does not know (yet) shows as none. */
export function replyName(replies: CustomReplyListItem[], replyId: string | null): string {
  return replies.find((reply) => reply._id === replyId)?.name ?? t.noCustomReply;
}
