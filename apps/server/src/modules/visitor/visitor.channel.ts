import {
  askQuestionSchema,
  continueChatSchema,
  joinChatRoomSchema,
  resetAnswerSchema,
  restartChatSchema,
  sendChatHistorySchema,
  visitorEventSchema,
  visitorHandshakeSchema,
  visitorTypingSchema,
} from "@harbor/contract/realtime";
import type { FastifyBaseLogger } from "fastify";
import { addressLimitKey } from "../../platform/client-address";
import { AppError } from "../../platform/errors";
import { type VisitorNamespace, visitorChatRoom, visitorWidgetRoom } from "../../platform/realtime/realtime-hub";
import { withAck } from "../../platform/realtime/socket-handler";
import type { ChatEvents } from "../chats/chats.module";
import type { VisitorScope, VisitorService } from "./visitor.service";
import { tooManyMessages, tooManySockets, type VisitorLimiters } from "./visitor-limits";

type VisitorSocketData = { scope: VisitorScope; chatId: string | null; addressKey: string };

/**
 * `/visitor`: the widget's channel. The handshake names the widget and carries the token
 * POST /api/widget/get issued; an unknown or switched-off widget or a bad token is refused with
 * a message the widget shows. Each socket follows one chat room at a time.
 */
export function registerVisitorChannel(options: {
  namespace: VisitorNamespace;
  visitorService: VisitorService;
  chatEvents: ChatEvents;
  log: FastifyBaseLogger;
  limiters: VisitorLimiters;
}) {
  const { namespace, visitorService: service, log, limiters } = options;

  namespace.use(async (socket, next) => {
    const handshake = visitorHandshakeSchema.safeParse(socket.handshake.auth);
    if (!handshake.success) {
      next(new Error("This chat widget could not identify itself. Please reload the page."));
      return;
    }
    // The hub has already read it by the TRUST_PROXY hops, as Fastify reads `request.ip`.
    const clientAddress = socket.handshake.address;
    const addressKey = addressLimitKey(clientAddress);
    let isHoldingPlace = false;
    try {
      const scope = await service.resolveScope({
        widgetId: handshake.data.widgetID,
        visitorToken: handshake.data.visitorToken,
        clientAddress,
      });
      // Tokens are free, so open sockets are counted per address, not per visitor. The place is
      // taken last (a refused handshake holds none) and given back when the socket closes.
      if (!limiters.socketsPerAddress.acquire(addressKey)) throw tooManySockets();
      isHoldingPlace = true;
      socket.data = { scope, chatId: null, addressKey } satisfies VisitorSocketData;
      releaseOnClose(socket, () => limiters.socketsPerAddress.release(addressKey));
      next();
    } catch (error) {
      if (isHoldingPlace) limiters.socketsPerAddress.release(addressKey);
      if (!(error instanceof AppError)) log.error({ err: error }, "visitor handshake failed");
      // The status goes along (socket.io hands `data` to the client): on 401 the widget fetches a
      // new token and reconnects by itself; anything else it shows.
      const refusal = new Error(error instanceof AppError ? error.message : "The chat is not available right now.");
      next(Object.assign(refusal, { data: { status: error instanceof AppError ? error.statusCode : 503 } }));
    }
  });

  namespace.on("connection", (socket) => {
    const data = socket.data as VisitorSocketData;
    // Who the socket is never changes; the widget's settings may (a save), so events read them anew.
    const { scope } = data;
    const current = async () => {
      data.scope = await service.currentScope(data.scope);
      return data.scope;
    };
    const visitorKey = `${scope.widgetId}:${scope.visitorId}`;
    // Switching the widget off reaches every visitor of it (widget-switch-off.ts).
    void socket.join(visitorWidgetRoom(scope.widgetId));

    const follow = (chatId: string) => {
      if (data.chatId === chatId) return;
      if (data.chatId) void socket.leave(visitorChatRoom(data.chatId));
      data.chatId = chatId;
      void socket.join(visitorChatRoom(chatId));
    };

    /** Every event counts against the visitor's allowance before its payload is even read. */
    const limited =
      <A extends unknown[]>(handler: (...args: A) => unknown) =>
      async (...args: A) => {
        if (!(await limiters.eventsPerVisitor.take(visitorKey))) {
          const ack = args.at(-1);
          if (typeof ack === "function") ack({ ok: false, message: tooManyMessages().message });
          return;
        }
        return handler(...args);
      };

    /** A question costs an answer (a paid model's tokens): counted per visitor, per address and per widget. */
    const mayAsk = async () =>
      (await limiters.questionsPerVisitor.take(visitorKey)) &&
      (await limiters.questionsPerAddress.take(data.addressKey)) &&
      (await limiters.questionsPerWidget.take(scope.widgetId));

    socket.on(
      "join-chat-room",
      limited(
        withAck(joinChatRoomSchema, log, async (payload) => {
          const chat = await service.getChat(await current(), payload.chatID, payload.afterMessageID);
          follow(chat.chatID);
          return chat;
        }),
      ),
    );

    socket.on(
      "ask-question",
      limited(
        withAck(askQuestionSchema, log, async (payload) => {
          if (!(await mayAsk())) throw tooManyMessages();
          return service.ask(await current(), payload, follow);
        }),
      ),
    );

    socket.on(
      "add-event",
      limited(withAck(visitorEventSchema, log, async (payload) => service.addEvent(await current(), payload))),
    );

    socket.on(
      "restart-chat",
      limited(
        withAck(restartChatSchema, log, async (payload) => {
          await service.restartChat(await current(), payload.chatID);
          if (data.chatId === payload.chatID) {
            void socket.leave(visitorChatRoom(payload.chatID));
            data.chatId = null;
          }
          return null;
        }),
      ),
    );

    socket.on(
      "reset-answer",
      limited(
        withAck(resetAnswerSchema, log, async (payload) => {
          await service.resetAnswer(await current(), payload.chatID);
          return null;
        }),
      ),
    );

    socket.on(
      "continue-chat",
      limited(
        withAck(continueChatSchema, log, async (payload) => {
          const chat = await service.continueChat(await current(), payload.chatID);
          follow(chat.chatID);
          return chat;
        }),
      ),
    );

    socket.on(
      "send-ai-chat-history",
      limited(
        withAck(sendChatHistorySchema, log, async (payload) => {
          // Mail has allowances of its own (visitor-mail.service.ts); asking for it counts as a question too.
          if (!(await limiters.questionsPerVisitor.take(visitorKey))) throw tooManyMessages();
          return service.sendTranscript(await current(), payload.chatID, payload.email);
        }),
      ),
    );

    socket.on(
      "typing",
      limited((payload: unknown) => {
        const parsed = visitorTypingSchema.safeParse(payload);
        // Only the chat this socket follows (it was checked to be the visitor's when joined).
        if (!parsed.success || parsed.data.chatID !== data.chatId) return;
        options.chatEvents.visitorTyping(scope.companyId, parsed.data);
      }),
    );
  });
}

/**
 * Calls `release` once when the socket goes: on its disconnect, or when its connection closes
 * before it connected (socket.io then drops it without a disconnect event).
 */
function releaseOnClose(socket: Parameters<Parameters<VisitorNamespace["use"]>[0]>[0], release: () => void) {
  let isReleased = false;
  const releaseOnce = () => {
    if (isReleased) return;
    isReleased = true;
    release();
  };
  // The client may have gone while the handshake was being checked: its close has been and gone.
  if (socket.conn.readyState !== "open") {
    releaseOnce();
    return;
  }
  socket.conn.once("close", releaseOnce);
  socket.once("disconnect", () => {
    socket.conn.off("close", releaseOnce);
    releaseOnce();
  });
}
