import type { FastifyBaseLogger } from "fastify";
import type { Summarizer } from "../../ai/answer/answer-types";
import type { AnswerPipeline } from "../../ai/pipeline/answer-pipeline";
import type { Database } from "../../db/client";
import type { HarborModule } from "../../platform/harbor-module";
import type { LimiterStore } from "../../platform/rate-limiter";
import type { RealtimeHub } from "../../platform/realtime/realtime-hub";
import type { FindShopCustomer } from "../orders/orders.module";
import { createAnswerStore } from "./answer-store";
import { createChatAnswering } from "./chat-answering.service";
import { createChatEvents } from "./chat-events";
import { createChatsRepository } from "./chats.repository";
import { createDemoChatsSeeder } from "./demo-chats";
import { createInboxRepository } from "./inbox.repository";
import { inboxRoutes } from "./inbox.routes";
import { createInboxService } from "./inbox.service";
import { registerStaffTyping } from "./staff-typing";

export { type ChatAnswering, HISTORY_TURNS, isHandledByPerson } from "./chat-answering.service";
export type { ChatEvents } from "./chat-events";
export { isVisibleToVisitor, toChatMessage, toInboxChat, toVisitorMessage } from "./chat-mappers";
export type { ChatMessageRow, ChatRow, ChatsRepository, ChatTurn } from "./chats.repository";
export type { InboxRepository, InboxRowAndUnreadCount } from "./inbox.repository";

/**
 * Chats and the inbox: storing messages, answering in a chat with the AI engine, staff actions
 * (reply, notes, take over, resolve), the live events of both, recording token usage, sample chats.
 */
export function createChatsModule(deps: {
  db: Database;
  pipeline: AnswerPipeline;
  summarizer: Summarizer;
  realtime: RealtimeHub;
  limiterStore: LimiterStore;
  /** The hosts answers may link to, for the inbox to render them with the widget's rule. */
  linkHostsFor(companyId: string): Promise<string[]>;
  /** The inbox's link to the chat's customer in the shop admin (the orders module). */
  findShopCustomer: FindShopCustomer;
  log: FastifyBaseLogger;
}) {
  const { db, log } = deps;
  const chatsRepository = createChatsRepository(db);
  const inboxRepository = createInboxRepository(db);
  const chatEvents = createChatEvents(deps.realtime);
  const inboxService = createInboxService({
    inbox: inboxRepository,
    chats: chatsRepository,
    chatEvents,
    linkHostsFor: deps.linkHostsFor,
    findShopCustomer: deps.findShopCustomer,
  });
  const chatAnswering = createChatAnswering({
    pipeline: deps.pipeline,
    summarizer: deps.summarizer,
    chats: chatsRepository,
    answerStore: createAnswerStore(db),
    log,
  });

  const module: HarborModule = {
    name: "chats",
    async plugin(app) {
      inboxRoutes(app, { inboxService });
      registerStaffTyping({
        namespace: deps.realtime.staff,
        chatEvents,
        limiterStore: deps.limiterStore,
        chatBelongsTo: async (companyId, chatId) => (await chatsRepository.findChat(companyId, chatId)) !== null,
      });
    },
    // Sample chats are answered by the engine from the demo articles, so they come after knowledge.
    seeders: [createDemoChatsSeeder({ db, chats: chatsRepository, chatAnswering })],
  };
  return { module, chatsRepository, inboxRepository, inboxService, chatEvents, chatAnswering };
}
