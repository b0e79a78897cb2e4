import { AppError } from "../../platform/errors";
import { createConcurrencyLimit, type LimiterStore } from "../../platform/rate-limiter";

/**
 * What one visitor, one address and one widget may do (decision 029). Per address means every
 * visitor behind one public IP together (an office, a school, a mobile carrier's NAT), so those
 * allowances are set well above what a busy NAT of real shoppers uses, and well below what a
 * script needs to cost a shop money. Counts are shared across nodes through Redis in the scaled
 * mode, except open sockets (kept per node: see rate-limiter.ts).
 */
export type VisitorLimits = {
  /** Questions per visitor per minute. */
  questionsPerVisitor: number;
  /** Questions per widget per minute, all its visitors together (a shop under attack stays answerable elsewhere). */
  questionsPerWidget: number;
  /** Any event per visitor per minute. */
  eventsPerVisitor: number;
  /** New visitor tokens per address per hour (renewing a valid token is free: every page view does). */
  newVisitorsPerAddress: number;
  /** Visitor sockets one address may hold open at once, on each node. */
  socketsPerAddress: number;
  /** Questions per address per minute, across all its visitor tokens. */
  questionsPerAddressPerMinute: number;
  /** Questions per address per hour, across all its visitor tokens. */
  questionsPerAddressPerHour: number;
  /** Mails to visitors (transcripts, the visitor's copy of a ticket) asked for from one address per hour. */
  visitorMailsPerAddress: number;
  /** Mails to visitors that one recipient address receives per day. */
  visitorMailsPerRecipient: number;
};

export const DEFAULT_VISITOR_LIMITS: VisitorLimits = {
  questionsPerVisitor: 20,
  questionsPerWidget: 6000,
  eventsPerVisitor: 120,
  // A browser keeps its token, so a new one is a new browser: 120 in an hour behind one address
  // is a crowd no shop page draws.
  newVisitorsPerAddress: 120,
  // One socket per open chat tab; 50 people chatting at once behind one address is far beyond an office.
  socketsPerAddress: 50,
  // A person asks a few questions a minute; 30 a minute is ten people asking at once, 300 an
  // hour is 30 people asking ten each. The script got 120 in 8 s.
  questionsPerAddressPerMinute: 30,
  questionsPerAddressPerHour: 300,
  visitorMailsPerAddress: 10,
  visitorMailsPerRecipient: 5,
};

const MINUTE_S = 60;
const HOUR_S = 3600;
const DAY_S = 24 * HOUR_S;

export const tooManyMessages = () =>
  new AppError("TOO_MANY_REQUESTS", "You are sending messages too quickly. Please wait a moment.");
export const tooManyNewVisitors = () =>
  new AppError("TOO_MANY_REQUESTS", "Too many new chats from your network. Please try again later.");
export const tooManySockets = () =>
  new AppError("TOO_MANY_REQUESTS", "Too many chats are open from your network. Close one and try again.");
export const tooManyMails = () =>
  new AppError("TOO_MANY_REQUESTS", "Too many e-mails were sent for this chat. Please try again later.");

/** The visitor side's limiters, one per allowance, on the app's limiter store. */
export function createVisitorLimiters(store: LimiterStore, overrides: Partial<VisitorLimits> = {}) {
  const limits = { ...DEFAULT_VISITOR_LIMITS, ...overrides };
  const perMinute = (points: number) => ({ points, durationSeconds: MINUTE_S });
  return {
    questionsPerVisitor: store.limiter("visitor-questions", perMinute(limits.questionsPerVisitor)),
    questionsPerWidget: store.limiter("widget-questions", perMinute(limits.questionsPerWidget)),
    eventsPerVisitor: store.limiter("visitor-events", perMinute(limits.eventsPerVisitor)),
    newVisitorsPerAddress: store.limiter("address-new-visitors", {
      points: limits.newVisitorsPerAddress,
      durationSeconds: HOUR_S,
    }),
    questionsPerAddress: store.limiter("address-questions", [
      perMinute(limits.questionsPerAddressPerMinute),
      { points: limits.questionsPerAddressPerHour, durationSeconds: HOUR_S },
    ]),
    visitorMailsPerAddress: store.limiter("address-visitor-mails", {
      points: limits.visitorMailsPerAddress,
      durationSeconds: HOUR_S,
    }),
    visitorMailsPerRecipient: store.limiter("recipient-visitor-mails", {
      points: limits.visitorMailsPerRecipient,
      durationSeconds: DAY_S,
    }),
    socketsPerAddress: createConcurrencyLimit(limits.socketsPerAddress),
  };
}

export type VisitorLimiters = ReturnType<typeof createVisitorLimiters>;
