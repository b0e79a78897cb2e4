import { type CustomReplySummary, WORKFLOW_MESSAGE_MAX } from "@harbor/contract/ai-agent";
import { NativeSelect, SimpleGrid, Textarea } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { texts } from "../../../lib/texts";
import type { WorkflowsDraft } from "../workflows-draft";

const t = texts.aiAgent.workflows.standardReplies;

type StandardReplyFieldsProps = {
  form: UseFormReturnType<WorkflowsDraft>;
  reply: "positiveReply" | "negativeReply";
  customReplies: CustomReplySummary[];
};

const LABELS = {
  positiveReply: { message: t.positive, placeholder: t.positivePlaceholder, customReply: t.positiveCustomReply },
  negativeReply: { message: t.negative, placeholder: t.negativePlaceholder, customReply: t.negativeCustomReply },
};

/**
 * One standard reply: its message and the custom reply that runs after it. A company without custom
 * replies sees the choice switched off with a pointer to where they are made, and saves none.
 */
export function StandardReplyFields({ form, reply, customReplies }: StandardReplyFieldsProps) {
  const labels = LABELS[reply];
  const path = `standardReplies.${reply}` as const;
  const customReplyID = form.values.standardReplies[reply].customReplyID;
  const hasCustomReplies = customReplies.length > 0;
  const isMissingReply = customReplyID !== null && !customReplies.some((candidate) => candidate._id === customReplyID);
  const options = [
    { value: "", label: t.customReplyPlaceholder, disabled: hasCustomReplies },
    ...customReplies.map((candidate) => ({ value: candidate._id, label: candidate.name })),
    ...(isMissingReply && customReplyID ? [{ value: customReplyID, label: t.missingCustomReply }] : []),
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Textarea
        label={labels.message}
        placeholder={labels.placeholder}
        required
        autosize
        minRows={2}
        maxRows={6}
        maxLength={WORKFLOW_MESSAGE_MAX}
        {...form.getInputProps(`${path}.message`)}
      />
      <NativeSelect
        label={labels.customReply}
        required={hasCustomReplies}
        disabled={!hasCustomReplies && !isMissingReply}
        description={hasCustomReplies ? undefined : t.noCustomReplies}
        data={options}
        value={customReplyID ?? ""}
        onChange={(event) => form.setFieldValue(`${path}.customReplyID`, event.currentTarget.value || null)}
        error={form.errors[`${path}.customReplyID`]}
      />
    </SimpleGrid>
  );
}
