import { type DataModel, type PreChatField, type Workflows, workflowsSchema } from "@harbor/contract/ai-agent";
import { texts } from "../../lib/texts";
import { zodFormValidator } from "../../lib/zod-form";

/** The Workflows page's form: as saved, except the nudge delay, which people type in seconds. */
export type WorkflowsDraft = Omit<Workflows, "nudgeMessage"> & {
  nudgeMessage: { isActive: boolean; showOnce: boolean; delaySeconds: number | ""; message: string };
};

export type WorkflowsSection = "before" | "during" | "after";

const MS_PER_SECOND = 1000;

/** Built key by key, so a draft compares equal to the workflows it came from whatever order the server sent. */
export function workflowsDraftFrom(workflows: Workflows): WorkflowsDraft {
  const { nudgeMessage, preChatForm, standardReplies, showSources, feedback } = workflows;
  const reply = ({ message, customReplyID }: Workflows["standardReplies"]["positiveReply"]) => ({
    message,
    customReplyID,
  });
  return {
    nudgeMessage: {
      isActive: nudgeMessage.isActive,
      showOnce: nudgeMessage.showOnce,
      delaySeconds: nudgeMessage.delay === null ? "" : nudgeMessage.delay / MS_PER_SECOND,
      message: nudgeMessage.message,
    },
    preChatForm: {
      isActive: preChatForm.isActive,
      title: preChatForm.title,
      description: preChatForm.description,
      dataModelID: preChatForm.dataModelID,
      fields: preChatForm.fields.map(({ key, title, fieldType, required, isActive }) => ({
        key,
        title,
        fieldType,
        required,
        isActive,
      })),
    },
    standardReplies: {
      positiveReply: reply(standardReplies.positiveReply),
      negativeReply: reply(standardReplies.negativeReply),
    },
    showSources: { isActive: showSources.isActive },
    feedback: {
      isActive: feedback.isActive,
      positiveMessage: feedback.positiveMessage,
      negativeMessage: feedback.negativeMessage,
    },
  };
}

/** What is saved: the delay in milliseconds (spec part 1 §3), texts trimmed. */
export function toWorkflows(draft: WorkflowsDraft): Workflows {
  const { nudgeMessage, preChatForm, standardReplies, feedback } = draft;
  return {
    nudgeMessage: {
      isActive: nudgeMessage.isActive,
      showOnce: nudgeMessage.showOnce,
      delay: nudgeMessage.delaySeconds === "" ? null : Math.round(nudgeMessage.delaySeconds * MS_PER_SECOND),
      message: nudgeMessage.message.trim(),
    },
    preChatForm: {
      ...preChatForm,
      title: preChatForm.title.trim(),
      description: preChatForm.description.trim(),
    },
    standardReplies: {
      positiveReply: { ...standardReplies.positiveReply, message: standardReplies.positiveReply.message.trim() },
      negativeReply: { ...standardReplies.negativeReply, message: standardReplies.negativeReply.message.trim() },
    },
    showSources: draft.showSources,
    feedback: {
      isActive: feedback.isActive,
      positiveMessage: feedback.positiveMessage.trim(),
      negativeMessage: feedback.negativeMessage.trim(),
    },
  };
}

/** A data model's fields as pre-chat fields, all asked for until switched off. */
export function preChatFieldsOf(dataModel: DataModel): PreChatField[] {
  return dataModel.fields.map(({ key, title }) => ({ key, title, fieldType: "text", required: true, isActive: true }));
}

const validateWorkflows = zodFormValidator(workflowsSchema, toWorkflows);
const REPLY_KEYS = ["positiveReply", "negativeReply"] as const;

/**
 * The contract's rules, with the delay's errors moved to the seconds field. The spec also requires
 * a custom reply for both standard replies, which only applies once the company has some to choose.
 */
export function validateWorkflowsDraft({ hasCustomReplies }: { hasCustomReplies: boolean }) {
  return (draft: WorkflowsDraft): Record<string, string> => {
    const errors = validateWorkflows(draft);
    const delayError = errors["nudgeMessage.delay"];
    if (delayError) {
      delete errors["nudgeMessage.delay"];
      errors["nudgeMessage.delaySeconds"] = delayError;
    }
    if (hasCustomReplies) {
      for (const key of REPLY_KEYS) {
        const path = `standardReplies.${key}.customReplyID`;
        if (!draft.standardReplies[key].customReplyID && !errors[path]) {
          errors[path] = texts.aiAgent.workflows.standardReplies.customReplyRequired;
        }
      }
    }
    return errors;
  };
}

const SECTION_OF: Record<keyof Workflows, WorkflowsSection> = {
  nudgeMessage: "before",
  preChatForm: "before",
  standardReplies: "during",
  showSources: "during",
  feedback: "after",
};

/** The accordion sections holding fields with these errors, so they can be opened. */
export function sectionsWithErrors(errors: Record<string, unknown>): WorkflowsSection[] {
  const sections = Object.keys(errors).map((path) => SECTION_OF[path.split(".")[0] as keyof Workflows]);
  return [...new Set(sections.filter((section) => section !== undefined))];
}
