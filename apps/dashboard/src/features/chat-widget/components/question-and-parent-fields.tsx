import { WIDGET_TITLE_MAX } from "@harbor/contract/widget";
import { NativeSelect, type NativeSelectProps, TextInput, type TextInputProps } from "@mantine/core";

type QuestionAndParentFieldsProps = {
  /** The form's input props for the question and for its parent. */
  questionInput: TextInputProps;
  parentInput: NativeSelectProps;
  /** Top-level items it may go under; "" (none) comes first. */
  parents: { value: string; label: string }[];
  /** It has children, so it stays at the top level. */
  isLocked: boolean;
  texts: { title: string; category: string; none: string; categoryLocked: string };
};

/**
 * A two-level list item's first fields (a suggested question, an order issue): its text, and the
 * item it sits under — locked at the top level while it has children of its own.
 */
export function QuestionAndParentFields(props: QuestionAndParentFieldsProps) {
  const { texts: t, isLocked } = props;
  return (
    <>
      <TextInput
        label={t.title}
        required
        data-autofocus
        autoComplete="off"
        maxLength={WIDGET_TITLE_MAX}
        {...props.questionInput}
      />
      <NativeSelect
        label={t.category}
        required
        data={[{ value: "", label: t.none }, ...props.parents]}
        disabled={isLocked}
        description={isLocked ? t.categoryLocked : undefined}
        {...props.parentInput}
      />
    </>
  );
}
