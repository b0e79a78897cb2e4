import type { ManageOrderGetResponse, ReportIssueRequest, ReportIssueResponse } from "@harbor/contract/orders";
import type { OrderIssue } from "@harbor/contract/widget";
import { AppError } from "../../platform/errors";
import type { OrderAsker, OrderPortal } from "./manage-order.service";
import type { OrderActionRow, OrderActionsRepository } from "./order-actions.repository";
import type { VerifiedOrder } from "./subscriptions.service";

type VerifyOrder = (asker: OrderAsker, request: ReportIssueRequest) => Promise<VerifiedOrder>;

export const ORDER_ISSUE_ACTION = "order_issue_report";

/** What an issue report leaves in order_actions' details: the issue as it was when reported. */
type IssueDetails = {
  issueID: string;
  question: string;
  parentQuestion: string | null;
  /** The shop's answer then (a later edit by the admin does not change what was shown). */
  answer: string | null;
};

/** What a report did; `action` is new only the first time. */
export type IssueReportResult = { action: OrderActionRow; isNew: boolean; answer: ReportIssueResponse };

type PortalIssues = Pick<OrderPortal, "orderIssues">;

const issuesOf = (portal: PortalIssues): OrderIssue[] => portal.orderIssues ?? [];

/** A top-level issue's id set, so a sub-issue whose parent is gone is offered at the top. */
function topLevelIds(issues: OrderIssue[]): Set<string> {
  return new Set(issues.filter((issue) => issue.category === null).map((issue) => issue._id));
}

/**
 * The portal's Order Issues as the widget offers them about an order (decision 054): questions
 * and their parents, in the admin's order, without the answers (shown only once one is reported).
 */
export function issueOptions(portal: PortalIssues): NonNullable<ManageOrderGetResponse["issues"]> {
  const issues = issuesOf(portal);
  const parents = topLevelIds(issues);
  return issues.map((issue) => ({
    id: issue._id,
    question: issue.question,
    parentID: issue.category !== null && parents.has(issue.category) ? issue.category : null,
  }));
}

/**
 * The issue a visitor may report by this id, or null: it must be one of this portal's issues (so
 * never another company's) and not a heading over sub-issues, which the visitor picks among.
 */
export function reportableIssue(portal: PortalIssues, issueID: string) {
  const options = issueOptions(portal);
  const picked = options.find((option) => option.id === issueID);
  if (!picked || options.some((option) => option.parentID === picked.id)) return null;
  const issue = issuesOf(portal).find((item) => item._id === issueID);
  if (!issue) return null;
  const parent = picked.parentID ? issuesOf(portal).find((item) => item._id === picked.parentID) : null;
  return { issue, parentQuestion: parent?.question ?? null };
}

const answerOf = (row: OrderActionRow, isReplay: boolean): ReportIssueResponse => {
  const details = row.details as IssueDetails;
  return {
    orderName: row.orderName,
    issue: { id: details.issueID, question: details.question },
    answer: details.answer,
    isHandedOff: details.answer === null,
    reportedAt: row.createdAt.toISOString(),
    isReplay,
    chatID: row.chatId,
  };
};

/**
 * A visitor's report of one of the portal's Order Issues about an order proven theirs (issue #17,
 * decision 054). Nothing is sent to the shop: the report is for the shop's staff, recorded once
 * per client key in order_actions and told in the chat by the visitor module, which then shows the
 * issue's answer or hands the chat to a person.
 */
export function createOrderIssuesService(deps: { verifyOrder: VerifyOrder; actions: OrderActionsRepository }) {
  return {
    async report(
      asker: OrderAsker & { chatId: string | null; openChat?: () => Promise<string> },
      request: ReportIssueRequest,
    ): Promise<IssueReportResult> {
      const earlier = await deps.actions.findByClientKey(asker.companyId, request.clientKey);
      if (earlier) {
        // Keys are the widget's own random ones: another visitor's key, or another report, is not a retry.
        const details = earlier.details as Partial<IssueDetails>;
        const isSame =
          earlier.visitorId === asker.visitorId &&
          earlier.action === ORDER_ISSUE_ACTION &&
          details.issueID === request.issueID;
        if (!isSame) throw new AppError("CONFLICT", "This request was already used.");
        return { action: earlier, isNew: false, answer: answerOf(earlier, true) };
      }
      if (!asker.portal.isActive) throw new AppError("FORBIDDEN", "Order tracking is switched off for this shop.");
      if (issuesOf(asker.portal).length === 0) {
        throw new AppError("FORBIDDEN", "This shop takes no order issue reports here. Please ask in the chat.");
      }
      const picked = reportableIssue(asker.portal, request.issueID);
      if (!picked) throw new AppError("BAD_REQUEST", "Choose one of the issues offered.");
      const { order, verifiedBy } = await deps.verifyOrder(asker, request);

      const chatId = asker.chatId ?? (asker.openChat ? await asker.openChat() : null);
      const details: IssueDetails = {
        issueID: picked.issue._id,
        question: picked.issue.question,
        parentQuestion: picked.parentQuestion,
        answer: picked.issue.answer.trim() || null,
      };
      const claimed = await deps.actions.claim({
        companyId: asker.companyId,
        chatId,
        visitorId: asker.visitorId,
        clientKey: request.clientKey,
        action: ORDER_ISSUE_ACTION,
        app: "shopify",
        orderName: order.name,
        vendorOrderId: order.id,
        verifiedBy,
        details,
      });
      // Two copies of one report at once: the second finds the first's claim and does nothing.
      if (!claimed.isNew) return { action: claimed.row, isNew: false, answer: answerOf(claimed.row, true) };
      // Nothing goes to the shop: recorded at once.
      const finished =
        (await deps.actions.finish({
          companyId: asker.companyId,
          id: claimed.row.id,
          status: "recorded",
          vendorAnswer: {},
        })) ?? claimed.row;
      return { action: finished, isNew: true, answer: answerOf(finished, false) };
    },
  };
}

export type OrderIssuesService = ReturnType<typeof createOrderIssuesService>;
