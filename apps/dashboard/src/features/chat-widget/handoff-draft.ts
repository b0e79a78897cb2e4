import { type AgentApp, type Handoff, handoffSchema, type TicketApp, type TicketStatus } from "@harbor/contract/widget";
import { TAWK_ID, ZENDESK_KEY } from "@harbor/contract/widget-frame";
import { type TranslationsDraft, toTranslations, translationsDraftFrom } from "./text-translations-draft";
import { hasSlotProblems, type LocalDay, toLocalSchedule, toUtcSchedule } from "./time-slots";

/** The Handoff page's form: flat, with "" for an unchosen dropdown and the schedule in local time. */
export type HandoffDraft = {
  ticket: {
    isActive: boolean;
    handoffMessage: string;
    handoffMessageTranslations: TranslationsDraft;
    appType: TicketApp | "";
    notificationEmail: string;
  };
  /** The app's own id: WhatsApp's number, Tawk's "property/widget", Zendesk Classic's key (decision 067). */
  agent: { isActive: boolean; appType: AgentApp | ""; whatsapp: string; tawk: string; zendeskKey: string };
  human: { showAvailability: boolean; responseTime: string; availabilityMessage: string; days: LocalDay[] };
  chatHistory: TicketStatus | "";
};

/**
 * Tawk's id from what an admin pastes: its embed address `https://embed.tawk.to/PROPERTY/WIDGET`,
 * or Tawk's whole `<script>` snippet with that address in it, becomes `PROPERTY/WIDGET`; anything
 * else stays as typed (the server checks its shape).
 */
export function tawkIdFrom(text: string): string {
  const found = /https?:\/\/embed\.tawk\.to\/([0-9a-f]{24}\/[0-9a-z]{1,20})(?![0-9a-z])/i.exec(text);
  return found?.[1] ?? text;
}

const isZendesk = (app: string) => app === "zendesk" || app === "zendesk-classic";

/** Which parts of the page show (spec part 2 §4 "Handoff visibility"); hidden fields are not checked or sent. */
export function handoffVisibility(draft: HandoffDraft) {
  const { ticket, agent, human } = draft;
  const isTicketZendesk = ticket.isActive && isZendesk(ticket.appType);
  const isAgentZendesk = agent.isActive && isZendesk(agent.appType);
  return {
    ticketDetails: ticket.isActive,
    notificationEmail: ticket.isActive && ticket.appType === "email",
    agentDetails: agent.isActive,
    whatsapp: agent.isActive && agent.appType === "whatsapp",
    tawk: agent.isActive && agent.appType === "tawk",
    zendeskKey: agent.isActive && agent.appType === "zendesk-classic",
    humanAgent: agent.isActive,
    humanDetails: agent.isActive && human.showAvailability,
    ticketStatus: isTicketZendesk || isAgentZendesk,
  };
}

export function handoffDraftFrom(handoff: Handoff, offsetMinutes: number): HandoffDraft {
  const { ticket, agent } = handoff.channels;
  return {
    ticket: {
      isActive: ticket.isActive,
      handoffMessage: ticket.handoffMessage,
      handoffMessageTranslations: translationsDraftFrom(ticket.handoffMessageTranslations),
      appType: ticket.appType ?? "",
      notificationEmail: ticket.attributes[0]?.notificationEmail ?? "",
    },
    agent: {
      isActive: agent.isActive,
      appType: agent.appType ?? "",
      whatsapp: agent.attributes[0]?.whatsapp ?? "",
      tawk: agent.attributes[0]?.tawk ?? "",
      zendeskKey: agent.attributes[0]?.zendeskKey ?? "",
    },
    human: {
      showAvailability: agent.humanAgent.showAvailability,
      responseTime: agent.humanAgent.responseTime,
      availabilityMessage: agent.humanAgent.availabilityMessage,
      days: toLocalSchedule(agent.humanAgent.availableDays, offsetMinutes),
    },
    chatHistory: handoff.ticketStatus.chatHistory ?? "",
  };
}

/**
 * The handoff section to save. Hidden fields are skipped (spec part 2 §5): an off channel's app,
 * an e-mail or number its app doesn't use, and a hidden schedule (the stored one is kept). The
 * picture URL is the server's to set.
 */
export function toHandoff(options: { draft: HandoffDraft; stored: Handoff; offsetMinutes: number }): Handoff {
  const { draft, stored, offsetMinutes } = options;
  const shown = handoffVisibility(draft);
  const storedHuman = stored.channels.agent.humanAgent;
  return {
    channels: {
      ticket: {
        isActive: draft.ticket.isActive,
        handoffMessage: draft.ticket.handoffMessage.trim(),
        handoffMessageTranslations: toTranslations(draft.ticket.handoffMessageTranslations),
        appType: shown.ticketDetails && draft.ticket.appType ? draft.ticket.appType : null,
        attributes: [{ notificationEmail: shown.notificationEmail ? draft.ticket.notificationEmail.trim() : "" }],
      },
      agent: {
        isActive: draft.agent.isActive,
        appType: shown.agentDetails && draft.agent.appType ? draft.agent.appType : null,
        // Another app's id is kept (switching apps back and forth loses nothing); only the shown one is checked.
        attributes: [
          {
            whatsapp: shown.whatsapp ? draft.agent.whatsapp.replace(/[\s-]/g, "") : "",
            ...(draft.agent.tawk.trim() && (shown.tawk || TAWK_ID.test(draft.agent.tawk.trim()))
              ? { tawk: draft.agent.tawk.trim() }
              : {}),
            ...(draft.agent.zendeskKey.trim() && (shown.zendeskKey || ZENDESK_KEY.test(draft.agent.zendeskKey.trim()))
              ? { zendeskKey: draft.agent.zendeskKey.trim() }
              : {}),
          },
        ],
        humanAgent: {
          showAvailability: draft.human.showAvailability,
          profilePictureURL: storedHuman.profilePictureURL,
          responseTime: draft.human.responseTime.trim(),
          availabilityMessage: draft.human.availabilityMessage.trim(),
          availableDays: shown.humanDetails
            ? toUtcSchedule(draft.human.days, offsetMinutes)
            : storedHuman.availableDays,
        },
      },
    },
    ticketStatus: { chatHistory: draft.chatHistory || null },
  };
}

/** The contract's paths (channels.ticket.appType…) as the draft's (ticket.appType…). */
const DRAFT_PATHS: [contractPrefix: string, draftPath: string][] = [
  ["channels.ticket.attributes.0.notificationEmail", "ticket.notificationEmail"],
  ["channels.agent.attributes.0.whatsapp", "agent.whatsapp"],
  ["channels.agent.attributes.0.tawk", "agent.tawk"],
  ["channels.agent.attributes.0.zendeskKey", "agent.zendeskKey"],
  ["channels.agent.humanAgent.availableDays", "human.days"],
  ["channels.agent.humanAgent.", "human."],
  ["channels.ticket.", "ticket."],
  ["channels.agent.", "agent."],
  ["ticketStatus.chatHistory", "chatHistory"],
];

function draftPathOf(contractPath: string): string {
  for (const [prefix, draftPath] of DRAFT_PATHS) {
    if (contractPath === prefix || (prefix.endsWith(".") && contractPath.startsWith(prefix))) {
      return prefix.endsWith(".") ? draftPath + contractPath.slice(prefix.length) : draftPath;
    }
    if (contractPath.startsWith(`${prefix}.`)) return draftPath;
  }
  return contractPath;
}

/** The contract's handoff rules on the draft, plus the scheduler's own checks while it is shown. */
export function validateHandoffDraft(options: { stored: Handoff; offsetMinutes: number; fixSlots: string }) {
  return (draft: HandoffDraft): Record<string, string> => {
    const errors: Record<string, string> = {};
    const shown = handoffVisibility(draft);
    if (shown.humanDetails && hasSlotProblems(draft.human.days)) errors["human.days"] = options.fixSlots;
    const result = handoffSchema.safeParse(toHandoff({ draft, ...options }));
    if (result.success) return errors;
    for (const issue of result.error.issues) {
      const key = draftPathOf(issue.path.map(String).join("."));
      if (!(key in errors)) errors[key] = issue.message;
    }
    return errors;
  };
}
