import {
  CUSTOM_REPLIES_MAX,
  type CustomReply,
  type CustomReplyListItem,
  type saveCustomReplyRequestSchema,
} from "@harbor/contract/automation";
import { checkCustomReplyGraph, graphErrors, parseCheckedActions } from "@harbor/contract/custom-reply-graph";
import type { z } from "zod";
import { AppError } from "../../platform/errors";
import type { CompanyAuth } from "../../platform/session";
import type { CustomRepliesRepository, CustomReplyRow } from "./custom-replies.repository";

type SaveCustomReply = z.output<typeof saveCustomReplyRequestSchema>;

const toCustomReply = (row: CustomReplyRow): CustomReply => ({
  _id: row.id,
  name: row.name,
  isActive: row.isActive,
  nodes: row.nodes,
});

/**
 * A graph is saved only when it can run as drawn; the message names the first broken node and
 * action (decision 044). Warnings (an empty node, a key no step fills) do not stop a save.
 */
function checkedNodes(nodes: SaveCustomReply["nodes"]): CustomReply["nodes"] | undefined {
  if (!nodes) return undefined;
  const errors = graphErrors(checkCustomReplyGraph(nodes));
  const [first] = errors;
  if (first) {
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
    throw new AppError("BAD_REQUEST", `${first.message}${more}.`);
  }
  return nodes.map((node) => ({ ...node, actions: parseCheckedActions(node.actions) }));
}

const replyGone = () => new AppError("NOT_FOUND", "This custom reply no longer exists.");

/**
 * Custom replies (spec part 2 §3, §7). The inbox filters chats by a reply's name
 * (?customReply={name}), so names are unique in a company (decision 038).
 */
export function createCustomRepliesService(deps: {
  customReplies: CustomRepliesRepository;
  onChanged: (companyId: string) => void;
}) {
  const replies = deps.customReplies;

  return {
    async all(auth: CompanyAuth): Promise<CustomReplyListItem[]> {
      const rows = await replies.list(auth.companyId);
      return rows.map((row) => ({ _id: row.id, name: row.name, isActive: row.isActive, nodeCount: row.nodeCount }));
    },

    async get(auth: CompanyAuth, replyId: string): Promise<CustomReply> {
      const row = await replies.find(auth.companyId, replyId);
      if (!row) throw replyGone();
      return toCustomReply(row);
    },

    async save(auth: CompanyAuth, request: SaveCustomReply): Promise<CustomReply> {
      const { companyId } = auth;
      const nodes = checkedNodes(request.nodes);
      const replyId = request.customReplyID;
      const existing = await replies.list(companyId);
      const sameName = (name: string) => name.localeCompare(request.name, undefined, { sensitivity: "accent" }) === 0;
      if (existing.some((row) => row.id !== replyId && sameName(row.name))) {
        throw new AppError("CONFLICT", `A custom reply named "${request.name}" already exists.`);
      }
      const fields = { name: request.name, isActive: request.isActive, nodes };
      if (replyId) {
        const row = await replies.update(companyId, replyId, fields);
        if (!row) throw replyGone();
        return toCustomReply(row);
      }
      if (existing.length >= CUSTOM_REPLIES_MAX) {
        throw new AppError("CONFLICT", `A workspace can have at most ${CUSTOM_REPLIES_MAX} custom replies.`);
      }
      return toCustomReply(await replies.insert(companyId, fields));
    },

    /** Categories and intents that ran the reply lose it with it (the engine's cached settings too). */
    async delete(auth: CompanyAuth, replyId: string) {
      try {
        if (!(await replies.delete(auth.companyId, replyId))) throw replyGone();
      } finally {
        deps.onChanged(auth.companyId);
      }
    },
  };
}

export type CustomRepliesService = ReturnType<typeof createCustomRepliesService>;
