/** The Analytics area's routes (spec part 2 §2.1). */
export const ANALYTICS_PATH = "/analytics";
export const INSIGHTS_PATH = "/analytics/insights";
export const ANALYTICS_SOURCES_PATH = "/analytics/sources";
export const TOKEN_USAGE_PATH = "/analytics/token-usage";
export const UNANSWERED_PATH = "/analytics/unanswered";
export const COST_AND_SPEED_PATH = "/analytics/cost-and-speed";
