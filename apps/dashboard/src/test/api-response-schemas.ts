import { addCompanyResponseSchema } from "@harbor/contract/admin";
import { aiAgentSchema, answerRuleSchema, playgroundResponseSchema } from "@harbor/contract/ai-agent";
import {
  costAndSpeedSchema,
  insightsSchema,
  modelPricesSchema,
  reportingTimeZoneBodySchema,
  sourceInsightsSchema,
  tokenUsageResponseSchema,
  unansweredQuestionsSchema,
} from "@harbor/contract/analytics";
import { validateEmailOtpResponseSchema } from "@harbor/contract/auth";
import {
  customReplyFileSchema,
  customReplyListItemSchema,
  customReplySchema,
  intentSchema,
  questionCategorySchema,
} from "@harbor/contract/automation";
import {
  chatActionResponseSchema,
  chatSchema,
  inboxCategoriesSchema,
  inboxResponseSchema,
  shopifyCustomerResponseSchema,
  staffMessageResponseSchema,
} from "@harbor/contract/chat";
import { companyIntegrationsViewSchema, startZendeskOAuthResponseSchema } from "@harbor/contract/integrations";
import {
  companyWithSourcesSchema,
  documentSchema,
  documentWithChunksSchema,
  listDocumentsResponseSchema,
} from "@harbor/contract/knowledge";
import { dataModelSchema } from "@harbor/contract/message-data";
import { publicConfigSchema } from "@harbor/contract/platform";
import { companySummarySchema, getUserResponseSchema, teamListSchema, teamMemberSchema } from "@harbor/contract/user";
import { shopifyWidgetStateSchema, widgetSettingsResponseSchema } from "@harbor/contract/widget";
import { z } from "zod";

/*
 * What each API route the dashboard calls answers with in `data`, keyed like stubFetch's routes.
 * These are the schemas the server's routes declare as their response (okResponse(...)), so a
 * test's stubbed answer that the real server could not send fails the test instead of passing
 * against a shape that no longer exists.
 */
const nothing = z.null();
const companySources = companyWithSourcesSchema;
const widgetSettings = widgetSettingsResponseSchema;
const integrations = companyIntegrationsViewSchema;

export const apiResponseSchemas: Record<string, z.ZodType> = {
  "POST /api/admin/add-company": addCompanyResponseSchema,

  "GET /api/config": publicConfigSchema,
  "POST /api/auth/register": nothing,
  "POST /api/auth/get-email-otp": nothing,
  "POST /api/auth/validate-email-otp": validateEmailOtpResponseSchema,
  "POST /api/auth/select-company": nothing,
  "POST /api/auth/logout": nothing,

  "GET /api/user/": getUserResponseSchema,
  "GET /api/user/all": teamListSchema,
  "POST /api/user/add-users": teamListSchema,
  "POST /api/user/update": teamMemberSchema,
  "POST /api/user/delete": teamMemberSchema,
  "POST /api/user/invitation/accept": companySummarySchema,
  "POST /api/user/invitation/decline": nothing,

  "GET /api/question-category/all": z.array(questionCategorySchema),
  "POST /api/question-category/get": questionCategorySchema,
  "POST /api/question-category/add": questionCategorySchema,
  "POST /api/question-category/update": questionCategorySchema,
  "POST /api/question-category/delete": nothing,
  "POST /api/question-category/intent/add": intentSchema,
  "POST /api/question-category/intent/update": intentSchema,
  "POST /api/question-category/intent/delete": nothing,
  "GET /api/custom-reply/all": z.array(customReplyListItemSchema),
  "POST /api/custom-reply/get": customReplySchema,
  "POST /api/custom-reply/save": customReplySchema,
  "POST /api/custom-reply/delete": nothing,
  "POST /api/custom-reply/upload": customReplyFileSchema,
  "GET /api/data-model/all": z.array(dataModelSchema),

  "GET /api/ai-agent/": aiAgentSchema,
  "POST /api/ai-agent/save": aiAgentSchema,
  "POST /api/ai-agent/answer-rule/save": answerRuleSchema,
  "POST /api/ai-agent/answer-rule/delete": nothing,
  "POST /api/ai-agent/playground": playgroundResponseSchema,

  "GET /api/document/sources": companySources,
  "POST /api/document/sources/add": companySources,
  "POST /api/document/sources/update": companySources,
  "POST /api/document/sources/delete": companySources,
  "POST /api/document/sources/resync": companySources,
  "POST /api/document/all": listDocumentsResponseSchema,
  "POST /api/document/get": documentWithChunksSchema,
  "POST /api/document/article/save": documentWithChunksSchema,
  "POST /api/document/delete": nothing,
  "POST /api/document/toggle": documentSchema,
  "POST /api/document/resync": documentSchema,

  "GET /api/company/integration/all": integrations,
  "POST /api/company/integration/add": integrations,
  "POST /api/company/integration/update": integrations,
  "POST /api/company/integration/remove": integrations,
  "POST /api/company/integration/zendesk/oauth": startZendeskOAuthResponseSchema,

  "GET /api/widget-settings/": widgetSettings,
  "POST /api/widget-settings/save": widgetSettings,
  "POST /api/widget-settings/active-hours/save": widgetSettings,
  "POST /api/widget-settings/custom-reply/save": widgetSettings,
  "POST /api/widget-settings/custom-reply/delete": widgetSettings,
  "POST /api/widget-settings/suggested-question/save": widgetSettings,
  "POST /api/widget-settings/suggested-question/move": widgetSettings,
  "POST /api/widget-settings/suggested-question/delete": widgetSettings,
  "GET /api/widget-settings/shopify-widget": shopifyWidgetStateSchema,
  "GET /api/widget-settings/shopify-widget/toggle": shopifyWidgetStateSchema,

  "POST /api/chat/inbox": inboxResponseSchema,
  "GET /api/chat/inbox/categories": inboxCategoriesSchema,
  "POST /api/chat/": chatSchema,
  "POST /api/chat/delete": chatActionResponseSchema,
  "POST /api/chat/mark-unread": chatActionResponseSchema,
  "POST /api/chat/chat/toggle-resolution": chatActionResponseSchema,
  "POST /api/chat/chat/toggle-flag": chatActionResponseSchema,
  "POST /api/chat/chat/toggle-ticket": chatActionResponseSchema,
  "POST /api/chat/chat/take-over": chatActionResponseSchema,
  "POST /api/chat/chat/hand-back": chatActionResponseSchema,
  "POST /api/chat/chat/reply": staffMessageResponseSchema,
  "POST /api/chat/chat/note": staffMessageResponseSchema,
  "POST /api/chat/shopify/get-customer": shopifyCustomerResponseSchema,

  "POST /api/chat/get-analytics": insightsSchema,
  "POST /api/chat/get-token-usage": tokenUsageResponseSchema,
  "POST /api/document/analytics/sources": sourceInsightsSchema,
  "POST /api/analytics/unanswered-questions": unansweredQuestionsSchema,
  "POST /api/analytics/cost-and-speed": costAndSpeedSchema,
  "GET /api/analytics/model-prices": modelPricesSchema,
  "POST /api/analytics/model-prices": modelPricesSchema,
  "POST /api/analytics/model-prices/reset": modelPricesSchema,
  "GET /api/analytics/time-zone": reportingTimeZoneBodySchema,
  "POST /api/analytics/time-zone": reportingTimeZoneBodySchema,
};
