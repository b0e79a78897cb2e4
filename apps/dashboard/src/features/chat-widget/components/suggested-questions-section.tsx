import type { CustomReplySummary } from "@harbor/contract/ai-agent";
import { SUGGESTED_QUESTIONS_MAX, type SuggestedQuestion } from "@harbor/contract/widget";
import { useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { useDeleteSuggestedQuestion } from "../api/delete-suggested-question";
import { useMoveSuggestedQuestion } from "../api/move-suggested-question";
import { hasChildren, questionKey } from "../suggested-question-tree";
import { ConfirmDeleteModal } from "./confirm-delete-modal";
import { NestedListSection } from "./nested-list-section";
import type { NestedListTexts } from "./nested-sortable-list";
import { SuggestedQuestionModal } from "./suggested-question-modal";

const t = texts.chatWidget.questions;
const LIST_TEXTS: NestedListTexts = {
  listLabel: t.heading,
  dragHandle: t.dragHandle,
  nestZone: t.nestZone,
  subItems: t.subQuestions,
  edit: t.edit,
  delete: t.delete,
  dnd: t.dnd,
};

type SuggestedQuestionsSectionProps = {
  questions: SuggestedQuestion[];
  /** The company's custom replies, one of which a question may start. */
  customReplies: CustomReplySummary[];
  onDirtyChange: (isDirty: boolean) => void;
};

/**
 * The portal's suggested questions as a two-level tree (spec part 2 §4): drag a question to
 * reorder it, onto another group's question or into a nest zone to put it under that parent, or a
 * child onto a top-level question to lift it. Each drop is saved at once.
 */
export function SuggestedQuestionsSection({ questions, customReplies, onDirtyChange }: SuggestedQuestionsSectionProps) {
  const [editing, setEditing] = useState<{ question: SuggestedQuestion | null } | null>(null);
  const [deleting, setDeleting] = useState<SuggestedQuestion | null>(null);
  const moveQuestion = useMoveSuggestedQuestion();
  const deleteQuestion = useDeleteSuggestedQuestion();

  const confirmDelete = () => {
    if (!deleting || deleteQuestion.isPending) return;
    deleteQuestion.mutate(
      { questionID: deleting._id },
      {
        onSuccess: () => {
          notifySuccess({ message: texts.chatWidget.notices.questionDeleted });
          setDeleting(null);
        },
        onError: (error) => notifyError({ message: errorMessage(error) }),
      },
    );
  };

  return (
    <NestedListSection
      title={t.heading}
      description={t.description}
      addLabel={t.add}
      emptyText={t.empty}
      max={SUGGESTED_QUESTIONS_MAX}
      onAdd={() => setEditing({ question: null })}
      items={questions}
      keyOf={questionKey}
      labelOf={questionKey}
      texts={LIST_TEXTS}
      testId="suggested-question"
      onMove={(move) =>
        moveQuestion.mutate(
          { questionID: move.itemID, category: move.category, index: move.index },
          { onError: (error) => notifyError({ message: errorMessage(error) }) },
        )
      }
      onEdit={(question) => setEditing({ question })}
      onDelete={setDeleting}
    >
      <SuggestedQuestionModal
        opened={editing !== null}
        question={editing?.question ?? null}
        questions={questions}
        customReplies={customReplies}
        onClose={() => setEditing(null)}
        onDirtyChange={onDirtyChange}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={deleting ? t.deleteTitle(deleting.question) : ""}
        text={deleting && hasChildren(questions, deleting) ? [t.deleteText, t.deleteChildren] : [t.deleteText]}
        confirmLabel={t.deleteConfirm}
        isPending={deleteQuestion.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </NestedListSection>
  );
}
