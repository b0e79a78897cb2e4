import type { VisitorAttachment } from "@harbor/contract/message-data";
import type { QuickReply } from "@harbor/contract/turn";
import type {
  PublicSuggestedQuestion,
  PublicWidget,
  TicketConfirmation,
  TicketForm,
  VisitorCustomer,
  VisitorMessage,
} from "@harbor/contract/widget";
import { FRAME_CLOSE, FRAME_READY, FRAME_UNREAD, type VisitorIdentity } from "@harbor/contract/widget-frame";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { Language } from "../i18n/pick-language";
import { useTexts } from "../i18n/texts";
import { chatPrompt } from "./chat-prompt";
import { ChatScreen } from "./chat-screen";
import {
  type ChatSession,
  createChatSession,
  type PortalOrigin,
  type SessionState,
  type VisitorEventInput,
} from "./chat-session";
import { chime } from "./chime";
import { newClientId } from "./client-id";
import { ClosedScreen } from "./closed-screen";
import { ErrorScreen } from "./error-screen";
import { focusScreen } from "./focus-screen";
import { isEmbedded, listenToHost, tellHost } from "./frame-bridge";
import { HomeScreen } from "./home-screen";
import {
  CustomerForm,
  LaterScreen,
  OrderSelfService,
  preloadCustomerForm,
  TicketConfirmationScreen,
  TicketFormScreen,
} from "./lazy-parts";
import type { OrderCalls } from "./order-screens";
import type { VisitorStorage } from "./visitor-storage";
import { WidgetApiError, widgetApi } from "./widget-api";
import { WidgetContext } from "./widget-context";
import { WidgetHeader } from "./widget-header";

export type WidgetBoot = {
  widgetID: string;
  widget: PublicWidget;
  language: Language;
  visitorToken: string;
  /** The chat to continue: the one this browser remembers, else the visitor's open chat. */
  chatID: string | null;
};

type Screen = "home" | "chat" | "pre-chat" | "ticket" | "ticket-sent" | "orders";
/** `origin`: the Self Serve Portal's link or suggested question (naming a custom reply) the question is the text of. */
type Question = { question: string; attachments: VisitorAttachment[]; origin?: PortalOrigin };

/** Before the realtime client is loaded: the header says "Connecting…" only while it is. */
const NO_SESSION: SessionState = {
  connection: "online",
  chat: null,
  messages: [],
  pending: [],
  answer: null,
  stoppedQuestionID: null,
  agentTyping: null,
  error: null,
  isRefused: false,
  isExpired: false,
  isClosed: false,
};
const noSubscription = () => () => {};

/** After the pressed button went away (Stop, Continue Chat), once the screen shows what replaced it. */
const refocus = () => requestAnimationFrame(focusScreen);

/** A message shown only in this browser (a suggested question's answer, the nudge): never stored. */
const localMessage = (senderRole: "customer" | "ai", message: string, messageType: string): VisitorMessage => ({
  _id: `local-${newClientId()}`,
  clientMessageID: null,
  message,
  messageType,
  senderRole,
  senderName: null,
  timestamp: new Date().toISOString(),
  eventType: null,
  messageData: {},
  references: [],
});

/**
 * The widget once its settings are known: the visitor's screens (spec part 2 §2.8) and the chat
 * flow (§4). The realtime client (visitor-socket.ts, a separate download) is loaded and connected only when
 * the visitor starts to talk, or at once when a chat is under way.
 */
export function ChatWidget({
  boot,
  storage,
  onReboot,
}: {
  boot: WidgetBoot;
  storage: VisitorStorage;
  /** Start over with a new visitor token (the server refused this one). */
  onReboot(): void;
}) {
  const { widget } = boot;
  const t = useTexts();
  const [isOpen, setIsOpen] = useState(!isEmbedded());
  const [session, setSession] = useState<ChatSession | null>(null);
  const state = useSyncExternalStore(session?.subscribe ?? noSubscription, session?.getState ?? (() => NO_SESSION));
  const [screen, setScreen] = useState<Screen>("home");
  const [held, setHeld] = useState<Question | null>(null);
  const [details, setDetails] = useState<VisitorCustomer | null>(null);
  const [identity, setIdentity] = useState<VisitorIdentity>({});
  const [isPageAppFailed, setIsPageAppFailed] = useState(false);
  const [ticket, setTicket] = useState<TicketConfirmation | null>(null);
  /** The order number the order screens start with (from an order card in the chat), "" from Home. */
  const [orderNumber, setOrderNumber] = useState("");
  /** Where the order screens' back leads: the screen they were opened from. */
  const [ordersFrom, setOrdersFrom] = useState<"home" | "chat">("home");
  const [localMessages, setLocalMessages] = useState<VisitorMessage[]>([]);
  /** The realtime client could not be downloaded: the error screen, and Restart Chat tries again. */
  const [hasLoadFailed, setHasLoadFailed] = useState(false);
  const sessionPromise = useRef<Promise<ChatSession> | null>(null);
  const isOpenRef = useRef(isOpen);
  isOpenRef.current = isOpen;
  const hasMessages = useRef(false);
  hasMessages.current = state.messages.length + localMessages.length > 0;
  const hasGivenDetails = useRef(false);
  const unread = useRef(0);
  const { nudgeMessage: nudge, preChatForm, feedback } = widget.workflows;

  const setUnread = (count: number) => {
    unread.current = count;
    tellHost({ type: FRAME_UNREAD, count });
  };

  /** Loads the realtime client and opens the chat's channel, once; a failed download may be tried again. */
  const connect = () => {
    sessionPromise.current ??= import("./visitor-socket").then(({ createVisitorSocket }) => {
      const created = createChatSession({
        socket: createVisitorSocket({ auth: { widgetID: boot.widgetID, visitorToken: boot.visitorToken } }),
        chatID: boot.chatID,
        language: boot.language,
        onChatChange: (chatID) => storage.set({ chatID }),
        onIncoming: () => {
          if (widget.notifications.enableSound && (!isOpenRef.current || document.hidden)) chime();
          if (!isOpenRef.current) setUnread(unread.current + 1);
        },
      });
      setSession(created);
      return created;
    });
    sessionPromise.current.catch(() => {
      sessionPromise.current = null;
    });
    return sessionPromise.current;
  };

  /** Downloads of the realtime client that failed in a row. */
  const loadFailures = useRef(0);

  /** `connect` for what the visitor is waiting on: a failed download shows the error screen, never nothing. */
  const connectOrFail = () =>
    connect().then(
      (current) => {
        loadFailures.current = 0;
        return current;
      },
      (error: unknown) => {
        loadFailures.current += 1;
        setHasLoadFailed(true);
        throw error;
      },
    );

  useEffect(() => () => session?.close(), [session]);

  // A chat under way connects at once (its replies raise the badge while the panel is closed).
  // A visitor who only looks at the home screen never loads the realtime client: it connects when
  // they start typing or pick something that talks to the server.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per widget
  useEffect(() => {
    if (boot.chatID) connectOrFail().catch(() => {});
  }, []);

  // Once: tell the loader the widget is ready, and listen. (The welcome message pops up beside the
  // launcher: the loader's welcome.js, not a badge from here.)
  useEffect(() => {
    tellHost({ type: FRAME_READY });
    const stopListening = listenToHost({
      onOpen: () => setIsOpen(true),
      onClosed: () => setIsOpen(false),
      onIdentify: setIdentity,
      onHandoffFailed: () => setIsPageAppFailed(true),
    });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") tellHost({ type: FRAME_CLOSE });
    };
    window.addEventListener("keydown", onKey);
    return () => {
      stopListening();
      window.removeEventListener("keydown", onKey);
    };
  }, []);

  // Opening: clear the badge, and put the keyboard in the screen's main field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to opening and closing only
  useEffect(() => {
    if (!isOpen) return;
    if (unread.current > 0) setUnread(0);
    focusScreen();
  }, [isOpen]);

  // A new screen takes the keyboard along (the button that led there is gone).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the screen changing only
  useEffect(() => {
    if (isOpenRef.current) focusScreen();
  }, [screen]);

  // The nudge message (workflows): after its delay from opening, when nothing was asked yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to opening only
  useEffect(() => {
    if (!isOpen || !nudge.isActive || !nudge.message || (nudge.showOnce && storage.get().hasSeenNudge)) return;
    const timer = setTimeout(() => {
      if (hasMessages.current) return;
      storage.set({ hasSeenNudge: true });
      setLocalMessages((messages) => [...messages, localMessage("ai", nudge.message, "nudge")]);
    }, nudge.delay);
    return () => clearTimeout(timer);
  }, [isOpen]);

  // A finished chat may be continued during this page view (Continue Chat reopens it); the next
  // page view starts clean, without connecting for it.
  useEffect(() => {
    if (state.chat) storage.set({ chatID: state.chat.isCompleted ? null : state.chat.chatID });
  }, [state.chat, storage]);

  // The pre-chat details go with the chat as soon as it exists.
  useEffect(() => {
    if (!details || !state.chat || !session) return;
    setDetails(null);
    // Not sent (offline, refused): the form is asked again before the next question.
    session.sendEvent({ event: "PRE_CHAT_FORM", customer: details }).catch(() => {
      hasGivenDetails.current = false;
    });
  }, [details, state.chat, session]);

  async function ask(
    question: string,
    attachments: VisitorAttachment[] = [],
    quickReply?: QuickReply,
    origin?: PortalOrigin,
  ) {
    const needsDetails =
      preChatForm.isActive &&
      preChatForm.fields.length > 0 &&
      !state.chat?.preChatCompleted &&
      !hasGivenDetails.current;
    if (needsDetails) {
      setHeld({ question, attachments, ...(origin ? { origin } : {}) });
      setScreen("pre-chat");
      return;
    }
    setScreen("chat");
    let current: ChatSession;
    try {
      current = await connectOrFail();
    } catch {
      // Kept for Restart Chat, which sends it once the realtime client loads.
      setHeld({ question, attachments, ...(origin ? { origin } : {}) });
      return;
    }
    // A finished chat takes no more questions: this one starts the next chat.
    if (current.getState().chat?.isCompleted) await current.restart();
    current.ask(question, attachments, quickReply, origin);
  }

  function giveDetails(customer: VisitorCustomer) {
    hasGivenDetails.current = true;
    setDetails(customer);
    setScreen("chat");
    if (held) void ask(held.question, held.attachments, undefined, held.origin);
    setHeld(null);
  }

  function showSuggested(question: PublicSuggestedQuestion) {
    // One naming a custom reply asks the server, which runs the reply (or answers the text).
    if (question.runsCustomReply) {
      void ask(question.question, [], undefined, { suggestedQuestionID: question._id });
      return;
    }
    // A finished chat is left: the suggested answer starts the conversation afresh.
    if (state.chat?.isCompleted) void session?.restart();
    setLocalMessages((messages) => [
      ...messages,
      localMessage("customer", question.question, "question"),
      ...question.answer.map((answer) => localMessage("ai", answer, "suggested_answer")),
    ]);
    setScreen("chat");
  }

  /** Starts over as a new visitor: POST /api/widget/get issues a new token. */
  function reboot() {
    storage.set({ visitorToken: undefined, chatID: null });
    onReboot();
  }

  // A token that expired while the page stayed open is replaced without troubling the visitor.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reboot only reads props and storage
  useEffect(() => {
    if (state.isExpired) reboot();
  }, [state.isExpired]);

  async function restart() {
    if (hasLoadFailed) {
      // Chromium and Firefox download a failed module again; a browser that keeps the failure gets
      // a fresh frame instead (the question is lost then, not the chat).
      if (loadFailures.current > 1) {
        location.reload();
        return;
      }
      setHasLoadFailed(false);
      setHeld(null);
      if (held) await ask(held.question, held.attachments, undefined, held.origin);
      else setScreen("home");
      return;
    }
    if (state.isRefused) {
      reboot();
      return;
    }
    setLocalMessages([]);
    setScreen("home");
    hasGivenDetails.current = false;
    await session?.restart();
  }

  const sendEvent = (event: VisitorEventInput, clientMessageID?: string) =>
    connectOrFail().then((current) => current.sendEvent(event, clientMessageID));

  async function raiseTicket(form: TicketForm, clientMessageID: string) {
    const answer = await sendEvent({ event: "RAISE_TICKET", form }, clientMessageID);
    setTicket(answer.ticket);
    setScreen("ticket-sent");
  }

  /** Back into the chat; a completed one is reopened first (continue-chat). */
  async function continueChat() {
    if (state.chat?.isCompleted) await session?.continueChat();
    setScreen("chat");
    refocus();
  }

  function stopAnswer() {
    void session?.stopAnswer();
    refocus();
  }

  /** A REST call of this visitor: a token the server no longer takes starts the visitor afresh. */
  const visitorCall = <T,>(call: Promise<T>) =>
    call.catch((error: unknown) => {
      if (error instanceof WidgetApiError && error.status === 401) reboot();
      throw error;
    });

  const upload = (file: File) =>
    visitorCall(widgetApi.upload({ widgetID: boot.widgetID, visitorToken: boot.visitorToken, file }));

  const visitor = { widgetID: boot.widgetID, visitorToken: boot.visitorToken };
  const orderCalls: OrderCalls = {
    sendCode: (proof) => visitorCall(widgetApi.sendOrderCode({ ...visitor, ...proof, language: boot.language })),
    getOrder: (proof) => visitorCall(widgetApi.getOrder({ ...visitor, ...proof })),
    reasons: () => visitorCall(widgetApi.cancellationReasons({ ...visitor, language: boot.language })),
    // The chat under way records the request; a finished one (or none) gets a new chat from the server.
    requestCancellation: (request) =>
      visitorCall(
        widgetApi.requestCancellation({
          ...visitor,
          ...request,
          chatID: state.chat && !state.chat.isCompleted ? state.chat.chatID : null,
          language: boot.language,
        }),
      ),
    // Like a cancellation request: the chat under way records the change, else the server opens one.
    changeAddress: (request) =>
      visitorCall(
        widgetApi.changeAddress({
          ...visitor,
          ...request,
          chatID: state.chat && !state.chat.isCompleted ? state.chat.chatID : null,
          language: boot.language,
        }),
      ),
    // Like a cancellation request: the chat under way records the report, else the server opens one.
    reportIssue: (request) =>
      visitorCall(
        widgetApi.reportIssue({
          ...visitor,
          ...request,
          chatID: state.chat && !state.chat.isCompleted ? state.chat.chatID : null,
          language: boot.language,
        }),
      ),
    subscriptions: (proof) => visitorCall(widgetApi.listSubscriptions({ ...visitor, ...proof })),
    // Like a cancellation request: the chat under way records the change, else the server opens one.
    changeSubscription: (request) =>
      visitorCall(
        widgetApi.changeSubscription({
          ...visitor,
          ...request,
          chatID: state.chat && !state.chat.isCompleted ? state.chat.chatID : null,
          language: boot.language,
        }),
      ),
  };

  function openOrders(from: "home" | "chat", number = "") {
    setOrderNumber(number);
    setOrdersFrom(from);
    setScreen("orders");
  }

  /**
   * After a subscription change: the chat that records it is joined (when it is a new one) while
   * the visitor stays on the subscriptions, so the chat they open next is that one.
   */
  async function joinOrderChat(chatID: string | null) {
    if (!chatID) return;
    try {
      await (await connectOrFail()).openChat(chatID);
    } catch {
      // The error screen shows (the realtime client did not load).
    }
  }

  /** After a cancellation request: the chat that records it, joined when it is a new one. */
  async function showOrderChat(chatID: string | null) {
    if (chatID) {
      try {
        await (await connectOrFail()).openChat(chatID);
      } catch {
        // The error screen shows (the realtime client did not load); Restart Chat goes home.
        return;
      }
    }
    setScreen(chatID || state.chat ? "chat" : "home");
  }

  return (
    <WidgetContext.Provider value={{ widget, language: boot.language, identity, isPageAppFailed }}>
      {render()}
    </WidgetContext.Provider>
  );

  function render() {
    if (state.isClosed) return <ClosedScreen />;
    if (state.error || hasLoadFailed) {
      return <ErrorScreen onRestart={restart} reason={state.isRefused ? state.error : null} />;
    }
    if (screen === "pre-chat") {
      return (
        <>
          <WidgetHeader title={preChatForm.title || t.preChatTitle} onBack={() => setScreen("home")} />
          <main className="bd">
            {preChatForm.description ? <p dir="auto">{preChatForm.description}</p> : null}
            <LaterScreen>
              <CustomerForm
                fields={preChatForm.fields}
                identity={identity}
                language={boot.language}
                submitLabel={t.startChat}
                onSubmit={giveDetails}
              />
            </LaterScreen>
          </main>
        </>
      );
    }
    if (screen === "ticket") {
      return (
        <LaterScreen>
          <TicketFormScreen
            identity={identity}
            language={boot.language}
            onSubmit={raiseTicket}
            onBack={() => setScreen("chat")}
          />
        </LaterScreen>
      );
    }
    if (screen === "ticket-sent" && ticket) {
      return (
        <LaterScreen>
          <TicketConfirmationScreen ticket={ticket} onDone={() => setScreen("chat")} />
        </LaterScreen>
      );
    }
    if (screen === "orders") {
      return (
        <LaterScreen>
          <OrderSelfService
            calls={orderCalls}
            language={boot.language}
            orderNumber={orderNumber}
            onBack={() => setScreen(ordersFrom)}
            onToChat={showOrderChat}
            onRecorded={(chatID) => void joinOrderChat(chatID)}
          />
        </LaterScreen>
      );
    }
    if (screen === "chat") {
      return (
        <ChatScreen
          state={session || !sessionPromise.current ? state : { ...state, connection: "connecting" }}
          localMessages={localMessages}
          prompt={chatPrompt(state, feedback.isActive)}
          actions={{
            back: () => setScreen("home"),
            ask,
            retry: (clientMessageID) => session?.retry(clientMessageID),
            typing: (isTyping) => session?.typing(isTyping),
            upload,
            sendEvent,
            raiseTicket: () => setScreen("ticket"),
            sendTicket: raiseTicket,
            startNewChat: restart,
            stopAnswer,
            continueChat,
            sendTranscript: (email) => connectOrFail().then((current) => current.sendTranscript(email)),
            manageOrder: (name) => openOrders("chat", name),
          }}
        />
      );
    }
    return (
      <HomeScreen
        canContinue={state.chat !== null || localMessages.some((message) => message.messageType !== "nudge")}
        nudges={localMessages.filter((message) => message.messageType === "nudge")}
        onAsk={ask}
        // Typing is a good moment to start the download; a failure here waits for the send.
        onTyping={() => {
          void connect().catch(() => {});
          if (preChatForm.isActive) preloadCustomerForm();
        }}
        onSuggested={showSuggested}
        onContinue={continueChat}
        onOrders={() => openOrders("home")}
      />
    );
  }
}
