import { type CustomerAccountPortal, ORDER_ISSUES_MAX, type OrderIssue } from "@harbor/contract/widget";
import { useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { useSaveWidgetSettings } from "../api/save-widget-settings";
import { applyTreeMove, hasChildrenIn, type TreeMove } from "../nested-tree";
import { ConfirmDeleteModal } from "./confirm-delete-modal";
import { NestedListSection } from "./nested-list-section";
import type { NestedListTexts } from "./nested-sortable-list";
import { OrderIssueModal } from "./order-issue-modal";

const t = texts.chatWidget.shopifyPortal.issues;
const issueKey = (issue: OrderIssue) => issue._id;
const issueLabel = (issue: OrderIssue) => issue.question;
const LIST_TEXTS: NestedListTexts = {
  listLabel: t.heading,
  dragHandle: t.dragHandle,
  nestZone: t.nestZone,
  subItems: t.subIssues,
  edit: t.edit,
  delete: t.delete,
  dnd: t.dnd,
};

/**
 * The portal's Order Issues (spec part 2 §2.3, §3): a two-level list with add, edit and delete
 * modals and drag and drop by pointer or keyboard. Each change saves the portal section at once,
 * from what is stored (decision 048).
 */
export function OrderIssuesSection({
  portal,
  onDirtyChange,
}: {
  portal: CustomerAccountPortal;
  onDirtyChange: (isDirty: boolean) => void;
}) {
  const [editing, setEditing] = useState<{ issue: OrderIssue | null } | null>(null);
  const [deleting, setDeleting] = useState<OrderIssue | null>(null);
  const saveWidget = useSaveWidgetSettings();
  const issues = portal.orderIssues ?? [];
  const saveIssues = (orderIssues: OrderIssue[], options: { onSuccess?: () => void } = {}) =>
    saveWidget.mutate(
      { sections: { customerAccountPortal: { ...portal, orderIssues } } },
      { onSuccess: options.onSuccess, onError: (error) => notifyError({ message: errorMessage(error) }) },
    );

  const move = (treeMove: TreeMove) => saveIssues(applyTreeMove(issues, treeMove, issueKey));

  const confirmDelete = () => {
    if (!deleting || saveWidget.isPending) return;
    // Its sub-issues move to the top level rather than going with it.
    const rest = issues
      .filter((issue) => issue._id !== deleting._id)
      .map((issue) => (issue.category === deleting._id ? { ...issue, category: null } : issue));
    saveIssues(rest, {
      onSuccess: () => {
        notifySuccess({ message: texts.chatWidget.notices.issueDeleted });
        setDeleting(null);
      },
    });
  };

  return (
    <NestedListSection
      title={t.heading}
      description={t.description}
      addLabel={t.add}
      emptyText={t.empty}
      max={ORDER_ISSUES_MAX}
      onAdd={() => setEditing({ issue: null })}
      items={issues}
      keyOf={issueKey}
      labelOf={issueLabel}
      texts={LIST_TEXTS}
      testId="order-issue"
      onMove={move}
      onEdit={(issue) => setEditing({ issue })}
      onDelete={setDeleting}
    >
      <OrderIssueModal
        opened={editing !== null}
        issue={editing?.issue ?? null}
        portal={portal}
        onClose={() => setEditing(null)}
        onDirtyChange={onDirtyChange}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={deleting ? t.deleteTitle(deleting.question) : ""}
        text={deleting && hasChildrenIn(issues, deleting, issueKey) ? [t.deleteText, t.deleteChildren] : [t.deleteText]}
        confirmLabel={t.deleteConfirm}
        isPending={saveWidget.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </NestedListSection>
  );
}
