import type { FastifyBaseLogger } from "fastify";
import type { OrderLookup } from "../../ai/pipeline/engine-ports";
import type { Database } from "../../db/client";
import type { FileStore } from "../../platform/files/file-store";
import type { HarborModule } from "../../platform/harbor-module";
import type { JobRunner } from "../../platform/jobs/job-runner";
import type { Mailer } from "../../platform/mailer";
import type { LimiterStore } from "../../platform/rate-limiter";
import type { RealtimeHub } from "../../platform/realtime/realtime-hub";
import type { AgentSettings } from "../ai-agent/ai-agent.module";
import type { ChatAnswering, ChatEvents, ChatsRepository, InboxRepository } from "../chats/chats.module";
import type { IntegrationsRepository } from "../integrations/integrations.module";
import type { ManageOrder } from "../orders/orders.module";
import type { WidgetRepository } from "../widget-settings/widget-settings.module";
import { createHandoffTickets, HANDOFF_TICKET_JOB } from "./handoff-tickets";
import { createHandoffTicketsRepository, type HandoffTrigger } from "./handoff-tickets.repository";
import { manageOrderRoutes } from "./manage-order.routes";
import { DEFAULT_UPLOAD_QUOTAS, type UploadQuotas } from "./upload-quotas";
import { registerVisitorChannel } from "./visitor.channel";
import { createVisitorRepository } from "./visitor.repository";
import { visitorRoutes } from "./visitor.routes";
import { createVisitorService } from "./visitor.service";
import { createVisitorAnswers, createVisitorBroadcast } from "./visitor-answers";
import { createVisitorChatChanges } from "./visitor-chat-changes";
import { createVisitorCustomReplies } from "./visitor-custom-replies";
import { createVisitorEvents } from "./visitor-events";
import { createVisitorFiles } from "./visitor-files";
import { createVisitorFilesRepository } from "./visitor-files.repository";
import { createVisitorLimiters, type VisitorLimits } from "./visitor-limits";
import { createVisitorMail } from "./visitor-mail.service";
import { createVisitorOrders } from "./visitor-orders";
import { createVisitorScopes, type VisitorScope } from "./visitor-scope";
import { createVisitorTokens } from "./visitor-tokens";
import { type DemoOrderHint, registerWidgetPages } from "./widget-pages";
import { createWidgetSwitchOff } from "./widget-switch-off";

export type { UploadQuotas } from "./upload-quotas";

/** Unattached uploads past their grace period, and stored bytes whose file is gone, every quarter hour. */
export const SWEEP_FILES_SCHEDULE = "visitor.sweep-stored-files";
const SWEEP_FILES_CRON = "*/15 * * * *";

export type { VisitorService } from "./visitor.service";
export type { VisitorLimits } from "./visitor-limits";

/**
 * The shop visitor's side: the widget's REST calls and pages, the /visitor channel, questions and
 * their answers, the visitor's actions and mail, attachments.
 */
export function createVisitorModule(deps: {
  db: Database;
  widgets: WidgetRepository;
  chats: ChatsRepository;
  inbox: InboxRepository;
  chatAnswering: ChatAnswering;
  chatEvents: ChatEvents;
  settingsFor(companyId: string): Promise<AgentSettings>;
  /** The hosts answers may link to (the knowledge module's own-link-hosts). */
  linkHostsFor(companyId: string): Promise<string[]>;
  realtime: RealtimeHub;
  mailer: Mailer;
  appSecret: string;
  publicUrl: string;
  widgetDir: string | undefined;
  /** HARBOR_DEMO: the sample page tells how to try order tracking with the demo shop. */
  demoOrderHint?: DemoOrderHint | null;
  /** A switched-on custom reply with its stored graph (the automation module's), or null. */
  findActiveCustomReply(companyId: string, replyId: string): Promise<{ id: string; nodes: unknown } | null>;
  /** The orders module's self-service: the widget's manage-order calls. */
  manageOrder: ManageOrder;
  /** The AI order flow's lookup (the orders module's): a custom reply's get_order uses it too. */
  orderLookup: OrderLookup;
  /** The company's help-desk connections: handed-off chats get a ticket there (decision 041). */
  integrations: IntegrationsRepository;
  jobs: Pick<JobRunner, "enqueue">;
  /** How help-desk clients reach the vendors (tests and the demo use loopback fakes). */
  vendorFetch?: typeof fetch;
  /** Where the visitor side's limits count (memory, or Redis in the scaled mode). */
  limiterStore: LimiterStore;
  limits?: Partial<VisitorLimits>;
  /** Where attachments' bytes go (platform/files). */
  fileStore: FileStore;
  /** The upload quotas (tests lower them; the bench raises them). */
  uploadQuotas?: Partial<UploadQuotas>;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { chats, log, settingsFor } = deps;
  const now = deps.now ?? (() => new Date());
  const visitors = createVisitorRepository(deps.db);
  const limiters = createVisitorLimiters(deps.limiterStore, deps.limits);
  const tokens = createVisitorTokens(deps.appSecret);
  const scopes = createVisitorScopes({ widgets: deps.widgets, tokens, visitors });
  const changes = createVisitorChatChanges({ chats, inbox: deps.inbox, visitors, chatEvents: deps.chatEvents, log });
  const handoffTickets = createHandoffTickets({
    repository: createHandoffTicketsRepository(deps.db),
    integrations: deps.integrations,
    chats,
    changes,
    jobs: deps.jobs,
    publicUrl: deps.publicUrl,
    fetch: deps.vendorFetch,
    log,
    now,
  });
  /** The visitor's request never fails for the help desk: a lost claim is queued again at start. */
  async function handedOff(scope: VisitorScope, chatId: string, trigger: HandoffTrigger) {
    try {
      await handoffTickets.handedOff({ companyId: scope.companyId, chatId, handoff: scope.settings.handoff, trigger });
    } catch (error) {
      log.error({ err: error, chatId }, "queueing the handoff ticket failed");
    }
  }
  // As "No, I need help" does: the chat shows under Handoffs, the AI waits for a person, and the
  // help desk gets its ticket (a custom reply's handoff step too).
  async function handOff(scope: VisitorScope, chatId: string) {
    const chat = await scopes.visitorChat(scope, chatId);
    if (chat.status === "open") await changes.changeChat(scope, chat, { status: "human", resolved: false });
    await handedOff(scope, chat.id, "agent");
  }
  const answers = createVisitorAnswers({
    chatAnswering: deps.chatAnswering,
    visitors,
    broadcast: createVisitorBroadcast(deps.realtime.visitors),
    onAnswerStored: (companyId, chatId, answer, inbox) => void changes.tellStaff(companyId, chatId, answer, inbox),
    onHandsOff: handOff,
    onCustomReply: (scope, chat, question, replyId) => void customReplies.start(scope, chat, replyId, question),
    log,
  });
  const customReplies = createVisitorCustomReplies({
    findReply: deps.findActiveCustomReply,
    visitors,
    chats,
    scopes,
    changes,
    chatAnswering: deps.chatAnswering,
    mailer: deps.mailer,
    orderLookup: deps.orderLookup,
    answerNormally: (scope, chat, question) => void answers.answer(scope, chat, question, undefined, false),
    handOff,
    log,
    now,
  });
  const mail = createVisitorMail({ mailer: deps.mailer, chats, limiters, settingsFor, log });
  const events = createVisitorEvents({
    scopes,
    changes,
    answers,
    customReplies,
    mail,
    visitors,
    chats,
    settingsFor,
    handedOff,
    now,
  });
  const files = createVisitorFiles({
    repository: createVisitorFilesRepository(deps.db),
    store: deps.fileStore,
    quotas: { ...DEFAULT_UPLOAD_QUOTAS, ...deps.uploadQuotas },
    publicUrl: deps.publicUrl,
    log,
    now,
  });
  const visitorService = createVisitorService({
    scopes,
    changes,
    answers,
    customReplies,
    events,
    mail,
    tokens,
    limiters,
    visitors,
    chats,
    settingsFor,
    files,
    linkHostsFor: deps.linkHostsFor,
    publicUrl: deps.publicUrl,
    now,
  });
  const visitorOrders = createVisitorOrders({
    manageOrder: deps.manageOrder,
    scopes,
    changes,
    limiters,
    chats,
    handOff,
  });
  const widgetSwitchOff = createWidgetSwitchOff({ realtime: deps.realtime, answers });

  const module: HarborModule = {
    name: "visitor",
    async plugin(app) {
      visitorRoutes(app, { visitorService, files });
      manageOrderRoutes(app, { visitorService, visitorOrders });
      await registerWidgetPages(app, { widgetDir: deps.widgetDir, demoOrderHint: deps.demoOrderHint });
      registerVisitorChannel({
        namespace: deps.realtime.visitors,
        visitorService,
        chatEvents: deps.chatEvents,
        log,
        limiters,
      });
    },
    schedules: [{ name: SWEEP_FILES_SCHEDULE, cron: SWEEP_FILES_CRON, run: async () => void (await files.sweep()) }],
    jobs: { [HANDOFF_TICKET_JOB]: (job) => handoffTickets.run(job) },
    onJobsStarted: () => handoffTickets.resume(),
    drain: () => visitorService.drain(),
  };
  return {
    module,
    visitorService,
    visitorFiles: files,
    /** The widget-settings module saved the widget switched off: its connected visitors' chats end. */
    widgetSwitchedOff: (widgetId: string) => widgetSwitchOff.switchedOff(widgetId),
  };
}
