import type { VisitorAttachment } from "@harbor/contract/message-data";
import { splitIntoBubbles } from "@harbor/contract/sentences";
import type { QuickReply } from "@harbor/contract/turn";
import type { TicketForm, VisitorMessage } from "@harbor/contract/widget";
import { useEffect, useRef } from "react";
import type { Catalogue } from "../i18n/en";
import { openingMessagesFor } from "../i18n/shop-texts";
import { useTexts } from "../i18n/texts";
import { Bubbles } from "./bubbles";
import { ChatMessage } from "./chat-message";
import type { ChatPrompt } from "./chat-prompt";
import { byTime, type SessionState, type VisitorEventInput } from "./chat-session";
import { Composer } from "./composer";
import { HandoffCard } from "./handoff-card";
import { ChatEnded, FeedbackForm, Later } from "./lazy-parts";
import { visitorEventOf } from "./message-data";
import { OfferPrompt, ResolvePrompt } from "./resolve-prompt";
import { useWidget } from "./widget-context";
import { WidgetHeader } from "./widget-header";

export type ChatActions = {
  back(): void;
  ask(question: string, attachments?: VisitorAttachment[], quickReply?: QuickReply): unknown;
  retry(clientMessageID: string): void;
  typing(isTyping: boolean): void;
  upload(file: File): Promise<VisitorAttachment>;
  sendEvent(event: VisitorEventInput, clientMessageID?: string): Promise<unknown>;
  /** Opens the ticket form screen. */
  raiseTicket(): void;
  /** Raises the ticket filled in the handoff card; the same client id however often it is sent. */
  sendTicket(form: TicketForm, clientMessageID: string): Promise<unknown>;
  startNewChat(): void;
  /** Stops the answer being written (reset-answer). */
  stopAnswer(): void;
  /** Reopens the completed chat (continue-chat). */
  continueChat(): Promise<unknown>;
  sendTranscript(email: string): Promise<unknown>;
  /** Opens the order self-service for an order the chat shows. */
  manageOrder(orderName: string): void;
};

/**
 * The pre-chat details come first: the visitor gave them before the chat, but they are stored once
 * the chat exists, after its first question and often after its first answer. A form the chat
 * itself asked for (a custom reply) stays where it was answered.
 */
function withPreChatFirst(messages: VisitorMessage[]): VisitorMessage[] {
  const index = messages.findIndex((message) => visitorEventOf(message) === "PRE_CHAT_FORM");
  const isAskedInChat = messages
    .slice(0, index)
    .some((message) => message.senderRole !== "customer" && "form" in message.messageData);
  if (index <= 0 || isAskedInChat) return messages;
  return [messages[index] as VisitorMessage, ...messages.slice(0, index), ...messages.slice(index + 1)];
}

/**
 * Who answers this chat, for its header: the AI persona while the AI has the chat ("Online - AI
 * Expert"), the person who took it over (their name, from their messages), the team while a person
 * or a ticket is awaited; and, over all of them, a channel that is not open ("Connecting…",
 * "Offline – reconnecting…").
 */
function headerOf(state: SessionState, agentName: string, t: Catalogue) {
  const { chat, connection } = state;
  const person = state.messages.findLast((message) => message.senderRole === "agent")?.senderName;
  const [title, subtitle] =
    chat?.status === "human"
      ? person
        ? [person, t.teamMember]
        : [t.ourTeam, t.personWillReply]
      : chat?.status === "ticket"
        ? [t.ourTeam, t.replyByEmail]
        : [agentName || t.onlineAiExpert, t.onlineAiExpert];
  const channel = connection === "connecting" ? t.connecting : connection === "offline" ? t.reconnecting : null;
  return { title, subtitle: channel ?? subtitle, isAi: chat?.status !== "human" && chat?.status !== "ticket" };
}

/**
 * The chat (spec part 2 §2.8, §4): header "Online - AI Expert" (or who else answers), the opening messages, the
 * conversation with sent times, questions still sending, the answer being written with its two
 * phases (which the visitor may stop), what to do next, and the composer.
 */
export function ChatScreen({
  state,
  localMessages,
  prompt,
  actions,
}: {
  state: SessionState;
  localMessages: VisitorMessage[];
  prompt: ChatPrompt;
  actions: ChatActions;
}) {
  const t = useTexts();
  const { widget, language } = useWidget();
  const opening = openingMessagesFor(widget, language, t);
  const end = useRef<HTMLDivElement>(null);
  const messages = withPreChatFirst([...localMessages, ...state.messages].sort(byTime));
  const last = messages.at(-1);
  const { answer, chat } = state;
  // From the stored question until the first phase arrives, the AI is already understanding it
  // (unless the visitor stopped that answer).
  const phase =
    answer?.phase ??
    (chat?.status === "open" &&
    !chat.isCompleted &&
    last?.messageType === "question" &&
    last.senderRole === "customer" &&
    last._id !== state.stoppedQuestionID
      ? "understanding"
      : null);
  const lastQuestion = state.messages.findLast((message) => message.messageType === "question")?.message ?? "";
  const isEnded = prompt === "ended" || prompt === "feedback";
  const header = headerOf(state, widget.agent.name, t);

  // Follows the conversation as it grows: new messages, the streamed answer, the next step.
  // biome-ignore lint/correctness/useExhaustiveDependencies: these values are what should trigger the scroll
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [messages.length, state.pending.length, answer?.text, phase, prompt]);

  return (
    <>
      <WidgetHeader
        title={header.title}
        subtitle={header.subtitle}
        isLive
        pictureURL={header.isAi ? widget.agent.thumbnailURL : widget.handoff.agent.profilePictureURL}
        onBack={actions.back}
      />
      <main className="bd">
        <div className="log" role="log">
          {opening.length > 0 ? <Bubbles tone="ai" texts={opening} /> : null}
          {messages.map((message) => (
            <ChatMessage
              key={message._id}
              message={message}
              isLast={message === last}
              onChoose={(choice) => actions.ask(choice)}
              onForm={(customer) => actions.sendEvent({ event: "PRE_CHAT_FORM", customer })}
              onManageOrder={actions.manageOrder}
              onAnswer={(answer) => actions.sendEvent(answer)}
            />
          ))}
          {state.pending.map((pending) => (
            <Bubbles
              key={pending.clientMessageID}
              tone="me"
              texts={[pending.question]}
              meta={
                pending.error === null ? (
                  t.sending
                ) : (
                  <span role="alert">
                    {pending.error || t.notSentShort}
                    {" · "}
                    <button type="button" className="link" onClick={() => actions.retry(pending.clientMessageID)}>
                      {t.retry}
                    </button>
                  </span>
                )
              }
            />
          ))}
          {phase ? (
            <Bubbles
              tone="ai"
              texts={answer?.text ? splitIntoBubbles(answer.text) : []}
              meta={
                <>
                  <span className="phase" role="status">
                    {phase === "understanding" ? t.understandingQuestion : t.writingResponse}
                  </span>
                  <button type="button" className="chip" onClick={actions.stopAnswer}>
                    {t.stopAnswer}
                  </button>
                </>
              }
            />
          ) : null}
          {state.agentTyping ? (
            <p className="note" role="status">
              {t.agentTyping(state.agentTyping)}
            </p>
          ) : null}
          {prompt === "resolve" ? (
            <ResolvePrompt onEvent={actions.sendEvent} onRaiseTicket={actions.raiseTicket} />
          ) : null}
          {prompt === "offer" ? <OfferPrompt onAnswer={(label, reply) => actions.ask(label, [], reply)} /> : null}
          {prompt === "feedback" ? (
            <Later>
              <FeedbackForm onEvent={actions.sendEvent} />
            </Later>
          ) : null}
          {prompt === "handoff" ? (
            <HandoffCard
              summary={chat ? t.whatsAppText(chat.ticketID, lastQuestion) : t.whatsAppHello}
              onTicket={actions.sendTicket}
            />
          ) : null}
          {prompt === "ended" ? (
            <Later>
              <ChatEnded
                messages={state.messages}
                onStartNew={actions.startNewChat}
                onContinue={actions.continueChat}
                onSendTranscript={actions.sendTranscript}
              />
            </Later>
          ) : null}
          <div ref={end} />
        </div>
      </main>
      {isEnded ? null : (
        <footer className="ft">
          <Composer
            placeholder={t.askPlaceholder}
            onSend={actions.ask}
            onTyping={actions.typing}
            upload={actions.upload}
          />
        </footer>
      )}
    </>
  );
}
