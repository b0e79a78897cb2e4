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
import { AppError } from "../../platform/errors";
import { createRateLimiter } from "../../platform/rate-limiter";
import { type VisitorNamespace, visitorChatRoom, visitorWidgetRoom } from "../../platform/realtime/realtime-hub";
import { withAck } from "../../platform/realtime/socket-handler";
import type { ChatEvents } from "../chats/chats.module";
import type { VisitorScope, VisitorService } from "./visitor.service";

export type VisitorLimits = {
  /** Questions per visitor per minute. */
  questionsPerVisitor: number;
  /** Questions per widget per minute, all its visitors together (a shop under attack stays answerable elsewhere). */
  questionsPerWidget: number;
  /** Any event per visitor per minute. */
  eventsPerVisitor: number;
};

export const DEFAULT_VISITOR_LIMITS: VisitorLimits = {
  questionsPerVisitor: 20,
  questionsPerWidget: 6000,
  eventsPerVisitor: 120,
};

const MINUTE = 60_000;
const tooMany = () => new AppError("TOO_MANY_REQUESTS", "You are sending messages too quickly. Please wait a moment.");

type VisitorSocketData = { scope: VisitorScope; chatId: string | null };

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
  limits?: Partial<VisitorLimits>;
}) {
  const { namespace, visitorService: service, log } = options;
  const limits = { ...DEFAULT_VISITOR_LIMITS, ...options.limits };
  const perVisitorQuestions = createRateLimiter({ limit: limits.questionsPerVisitor, windowMs: MINUTE });
  const perWidgetQuestions = createRateLimiter({ limit: limits.questionsPerWidget, windowMs: MINUTE });
  const perVisitorEvents = createRateLimiter({ limit: limits.eventsPerVisitor, windowMs: MINUTE });

  namespace.use(async (socket, next) => {
    const handshake = visitorHandshakeSchema.safeParse(socket.handshake.auth);
    if (!handshake.success) {
      next(new Error("This chat widget could not identify itself. Please reload the page."));
      return;
    }
    try {
      const scope = await service.resolveScope(handshake.data.widgetID, handshake.data.visitorToken);
      socket.data = { scope, chatId: null } satisfies VisitorSocketData;
      next();
    } catch (error) {
      if (!(error instanceof AppError)) log.error({ err: error }, "visitor handshake failed");
      // The status goes along (socket.io hands `data` to the client): on 401 the widget fetches a
      // new token and reconnects by itself; anything else it shows.
      const refusal = new Error(error instanceof AppError ? error.message : "The chat is not available right now.");
      next(Object.assign(refusal, { data: { status: error instanceof AppError ? error.statusCode : 503 } }));
    }
  });

  namespace.on("connection", (socket) => {
    const data = socket.data as VisitorSocketData;
    const { scope } = data;
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
      (...args: A) => {
        if (!perVisitorEvents.take(visitorKey)) {
          const ack = args.at(-1);
          if (typeof ack === "function") ack({ ok: false, message: tooMany().message });
          return;
        }
        return handler(...args);
      };

    socket.on(
      "join-chat-room",
      limited(
        withAck(joinChatRoomSchema, log, async (payload) => {
          const chat = await service.getChat(scope, payload.chatID, payload.afterMessageID);
          follow(chat.chatID);
          return chat;
        }),
      ),
    );

    socket.on(
      "ask-question",
      limited(
        withAck(askQuestionSchema, log, async (payload) => {
          if (!perVisitorQuestions.take(visitorKey) || !perWidgetQuestions.take(scope.widgetId)) throw tooMany();
          return service.ask(scope, payload, follow);
        }),
      ),
    );

    socket.on("add-event", limited(withAck(visitorEventSchema, log, (payload) => service.addEvent(scope, payload))));

    socket.on(
      "restart-chat",
      limited(
        withAck(restartChatSchema, log, async (payload) => {
          await service.restartChat(scope, payload.chatID);
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
          await service.resetAnswer(scope, payload.chatID);
          return null;
        }),
      ),
    );

    socket.on(
      "continue-chat",
      limited(
        withAck(continueChatSchema, log, async (payload) => {
          const chat = await service.continueChat(scope, payload.chatID);
          follow(chat.chatID);
          return chat;
        }),
      ),
    );

    socket.on(
      "send-ai-chat-history",
      limited(
        withAck(sendChatHistorySchema, log, async (payload) => {
          // Mail is the costly part: it counts as a question too.
          if (!perVisitorQuestions.take(visitorKey)) throw tooMany();
          return service.sendTranscript(scope, payload.chatID, payload.email);
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
