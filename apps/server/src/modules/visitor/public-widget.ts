import { isWidgetActiveAt } from "@harbor/contract/active-hours";
import { nonEmptyTranslations } from "@harbor/contract/text-translations";
import { colorOrDefault, DEFAULT_BUBBLE_TEXT_COLOR, type PublicWidget } from "@harbor/contract/widget";
import { TAWK_ID, ZENDESK_KEY } from "@harbor/contract/widget-frame";
import type { StoredWidgetSettings } from "../../db/schema/widgets";
import type { AgentSettings } from "../ai-agent/ai-agent.module";

const checked = (value: string | undefined, shape: RegExp) => (value && shape.test(value) ? value : null);

/**
 * What the loader and the widget may know of a widget's settings. Notification addresses, the
 * custom replies behind portal links, the portal's source ids and its Action Rules stay on the server.
 */
export function toPublicWidget(options: {
  widgetId: string;
  settings: StoredWidgetSettings;
  agent: AgentSettings;
  linkHosts: string[];
  now: Date;
}): PublicWidget {
  const { settings, agent } = options;
  const { ticket, agent: agentChannel } = settings.handoff.channels;
  const human = agentChannel.humanAgent;
  const portal = settings.selfServicePortal;
  const { nudgeMessage, preChatForm, feedback, showSources } = agent.workflows;
  return {
    widgetID: options.widgetId,
    linkHosts: options.linkHosts,
    language: settings.language,
    openingMessages: settings.openingMessages.filter((message) => message.trim() !== ""),
    openingMessageTranslations: nonEmptyTranslations(settings.openingMessageTranslations),
    theme: {
      brand: { brandColor: colorOrDefault(settings.theme.brand.brandColor) },
      chatBubble: {
        customer: bubbleColors(settings.theme.chatBubble.customer),
        aiAgent: bubbleColors(settings.theme.chatBubble.aiAgent),
      },
    },
    button: settings.button,
    notifications: settings.notifications,
    isWithinActiveHours: isWidgetActiveAt(settings.availableHours, options.now),
    showHandoffWhenInactive: settings.availableHours.isActive && settings.availableHours.showHandoff,
    handoff: {
      ticket: {
        isActive: ticket.isActive,
        handoffMessage: ticket.handoffMessage,
        handoffMessageTranslations: nonEmptyTranslations(ticket.handoffMessageTranslations),
      },
      agent: {
        isActive: agentChannel.isActive,
        appType: agentChannel.appType,
        whatsapp: agentChannel.appType === "whatsapp" ? (agentChannel.attributes[0]?.whatsapp ?? null) : null,
        // Checked shapes only (a stored value from before the check is left out): handoff.js puts them in a script address.
        tawk: agentChannel.appType === "tawk" ? checked(agentChannel.attributes[0]?.tawk, TAWK_ID) : null,
        zendeskKey:
          agentChannel.appType === "zendesk-classic"
            ? checked(agentChannel.attributes[0]?.zendeskKey, ZENDESK_KEY)
            : null,
        responseTime: human.showAvailability ? human.responseTime : null,
        availabilityMessage: human.showAvailability ? human.availabilityMessage : null,
        profilePictureURL: human.showAvailability ? human.profilePictureURL : null,
      },
    },
    selfServicePortal: {
      isActive: settings.selfServicePortal.isActive,
      thumbnailURL: settings.selfServicePortal.thumbnailURL,
      messages: {
        title: portal.messages.title,
        description: portal.messages.description,
        titleTranslations: nonEmptyTranslations(portal.messages.titleTranslations),
        descriptionTranslations: nonEmptyTranslations(portal.messages.descriptionTranslations),
      },
      aiSearch: {
        isActive: portal.aiSearch.isActive,
        placeholder: portal.aiSearch.placeholder,
        placeholderTranslations: nonEmptyTranslations(portal.aiSearch.placeholderTranslations),
      },
      customReplies: settings.selfServicePortal.customReplies.map(({ customReplyID: _hidden, ...link }) => link),
      suggestedQuestions: settings.selfServicePortal.suggestedQuestions.map(({ customReplyID, ...question }) => ({
        ...question,
        runsCustomReply: Boolean(customReplyID),
      })),
    },
    // The Action Rules (reasons, conditions) stay on the server, which applies them; the Order
    // Issues come with a proven order (manage-order/get, decision 054), their answers once reported.
    customerAccountPortal: (({ cancellationRules: _rules, orderIssues: _issues, ...portal }) => portal)(
      settings.customerAccountPortal,
    ),
    agent: {
      name: agent.persona.name,
      designation: agent.persona.designation,
      thumbnailURL: agent.persona.thumbnailURL,
    },
    workflows: {
      nudgeMessage: {
        isActive: nudgeMessage.isActive,
        showOnce: nudgeMessage.showOnce,
        delay: nudgeMessage.delay ?? 0,
        message: nudgeMessage.message,
      },
      preChatForm: {
        isActive: preChatForm.isActive,
        title: preChatForm.title,
        description: preChatForm.description,
        fields: preChatForm.fields.filter((field) => field.isActive).map(({ key, title }) => ({ key, title })),
      },
      feedback: {
        isActive: feedback.isActive,
        positiveMessage: feedback.positiveMessage,
        negativeMessage: feedback.negativeMessage,
      },
      showSources: showSources.isActive,
    },
  };
}

function bubbleColors(colors: { backgroundColor: string; textColor: string }) {
  return {
    backgroundColor: colorOrDefault(colors.backgroundColor),
    textColor: colors.textColor || DEFAULT_BUBBLE_TEXT_COLOR,
  };
}
