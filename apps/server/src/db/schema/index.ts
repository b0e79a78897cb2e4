// The schema drizzle-kit reads and the typed client uses; one file per domain beside this one.
export * from "./ai-agent";
export * from "./auth";
export * from "./chats";
export * from "./companies";
export * from "./files";
export * from "./handoff";
export * from "./integrations";
export * from "./knowledge";
export * from "./orders";
export * from "./users";
export * from "./widgets";
