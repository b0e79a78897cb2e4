/** The Chat Widget area's routes (spec part 2 §2.1). */
export const CHAT_WIDGET_PATH = "/chat-widget";
export const APPEARANCE_PATH = "/chat-widget/appearance";
export const SELF_SERVE_PORTAL_PATH = "/chat-widget/self-serve-portal";
export const HANDOFF_PATH = "/chat-widget/handoff";
export const ACTIVE_HOURS_PATH = "/chat-widget/active-hours";
export const ACTIVATION_PATH = "/chat-widget/activation";
export const SHOPIFY_PORTAL_PATH = "/chat-widget/shopify-portal";
