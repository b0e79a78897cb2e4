import { type ComponentType, lazy } from "react";
import { createBrowserRouter, Navigate, type RouteObject, RouterProvider } from "react-router";
import { RedirectIfSignedIn } from "./guards/redirect-if-signed-in";
import { RequireAdmin } from "./guards/require-admin";
import { RequirePlatformAdmin } from "./guards/require-platform-admin";
import { RequireSession } from "./guards/require-session";
import { AuthLayout } from "./layouts/auth-layout";
import { RootLayout } from "./layouts/root-layout";
import { RouteError } from "./route-error";

/** React.lazy for a module's named export: each page (and the shell) is its own chunk. */
function lazyNamed<M extends Record<K, ComponentType>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const SignInPage = lazyNamed(() => import("../features/auth/pages/sign-in-page"), "SignInPage");
const SignUpPage = lazyNamed(() => import("../features/auth/pages/sign-up-page"), "SignUpPage");
const AuthenticateLoginPage = lazyNamed(
  () => import("../features/auth/pages/authenticate-login-page"),
  "AuthenticateLoginPage",
);
const SelectCompanyPage = lazyNamed(() => import("../features/auth/pages/select-company-page"), "SelectCompanyPage");
const InvitationsPage = lazyNamed(() => import("../features/auth/pages/invitations-page"), "InvitationsPage");
const OnboardingPage = lazyNamed(() => import("../features/auth/pages/onboarding-page"), "OnboardingPage");
const LogoutPage = lazyNamed(() => import("../features/auth/pages/logout-page"), "LogoutPage");
const DashboardLayout = lazyNamed(() => import("./layouts/dashboard/dashboard-layout"), "DashboardLayout");
const InboxPage = lazyNamed(() => import("../features/inbox/pages/inbox-page"), "InboxPage");
const SettingsLayout = lazyNamed(() => import("./layouts/settings-layout"), "SettingsLayout");
const IntegrationsPage = lazyNamed(() => import("../features/settings/pages/integrations-page"), "IntegrationsPage");
const UserAccessPage = lazyNamed(() => import("../features/settings/pages/user-access-page"), "UserAccessPage");
const ZendeskOAuthSuccessPage = lazyNamed(
  () => import("../features/settings/pages/zendesk-oauth-result-page"),
  "ZendeskOAuthSuccessPage",
);
const ZendeskOAuthErrorPage = lazyNamed(
  () => import("../features/settings/pages/zendesk-oauth-result-page"),
  "ZendeskOAuthErrorPage",
);
const AiAgentLayout = lazyNamed(() => import("./layouts/ai-agent-layout"), "AiAgentLayout");
const PersonaPage = lazyNamed(() => import("../features/ai-agent/pages/persona-page"), "PersonaPage");
const AnswerRulesPage = lazyNamed(() => import("../features/ai-agent/pages/answer-rules-page"), "AnswerRulesPage");
const WorkflowsPage = lazyNamed(() => import("../features/ai-agent/pages/workflows-page"), "WorkflowsPage");
const PlaygroundPage = lazyNamed(() => import("../features/ai-agent/pages/playground-page"), "PlaygroundPage");
const KnowledgeBaseLayout = lazyNamed(() => import("./layouts/knowledge-base-layout"), "KnowledgeBaseLayout");
const SourcesPage = lazyNamed(() => import("../features/knowledge-base/pages/sources-page"), "SourcesPage");
const SourceDetailPage = lazyNamed(
  () => import("../features/knowledge-base/pages/source-detail-page"),
  "SourceDetailPage",
);
const ArticlesPage = lazyNamed(() => import("../features/knowledge-base/pages/articles-page"), "ArticlesPage");
const ArticleEditorPage = lazyNamed(
  () => import("../features/knowledge-base/pages/article-editor-page"),
  "ArticleEditorPage",
);
const AutomationLayout = lazyNamed(() => import("./layouts/automation-layout"), "AutomationLayout");
const QuestionCategoriesPage = lazyNamed(
  () => import("../features/automation/pages/question-categories-page"),
  "QuestionCategoriesPage",
);
const CategoryIntentsPage = lazyNamed(
  () => import("../features/automation/pages/category-intents-page"),
  "CategoryIntentsPage",
);
const CustomRepliesPage = lazyNamed(
  () => import("../features/automation/pages/custom-replies-page"),
  "CustomRepliesPage",
);
// Its own chunk with React Flow: the chart library loads only on the editor's route.
const CustomReplyEditorPage = lazyNamed(
  () => import("../features/automation/pages/custom-reply-editor-page"),
  "CustomReplyEditorPage",
);
const ChatWidgetLayout = lazyNamed(() => import("./layouts/chat-widget-layout"), "ChatWidgetLayout");
const AppearancePage = lazyNamed(() => import("../features/chat-widget/pages/appearance-page"), "AppearancePage");
const SelfServePortalPage = lazyNamed(
  () => import("../features/chat-widget/pages/self-serve-portal-page"),
  "SelfServePortalPage",
);
const HandoffPage = lazyNamed(() => import("../features/chat-widget/pages/handoff-page"), "HandoffPage");
const ActiveHoursPage = lazyNamed(() => import("../features/chat-widget/pages/active-hours-page"), "ActiveHoursPage");
const ActivationPage = lazyNamed(() => import("../features/chat-widget/pages/activation-page"), "ActivationPage");
const ShopifyPortalPage = lazyNamed(
  () => import("../features/chat-widget/pages/shopify-portal-page"),
  "ShopifyPortalPage",
);
const AdminLayout = lazyNamed(() => import("./layouts/admin-layout"), "AdminLayout");
const AddCompanyPage = lazyNamed(() => import("../features/admin/pages/add-company-page"), "AddCompanyPage");
const DeleteCompanyPage = lazyNamed(() => import("../features/admin/pages/delete-company-page"), "DeleteCompanyPage");
const AnalyticsLayout = lazyNamed(() => import("./layouts/analytics-layout"), "AnalyticsLayout");
const InsightsPage = lazyNamed(() => import("../features/analytics/pages/insights-page"), "InsightsPage");
const AnalyticsSourcesPage = lazyNamed(
  () => import("../features/analytics/pages/analytics-sources-page"),
  "AnalyticsSourcesPage",
);
const UnansweredQuestionsPage = lazyNamed(
  () => import("../features/analytics/pages/unanswered-questions-page"),
  "UnansweredQuestionsPage",
);
const CostAndSpeedPage = lazyNamed(() => import("../features/analytics/pages/cost-and-speed-page"), "CostAndSpeedPage");
const TokenUsagePage = lazyNamed(() => import("../features/analytics/pages/token-usage-page"), "TokenUsagePage");
const NotFoundPage = lazyNamed(() => import("../features/not-found/pages/not-found-page"), "NotFoundPage");

/** The spec's route table (part 2 §2.1), for the areas built so far. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: "/", element: <Navigate to="/sign-in" replace /> },
      {
        element: <AuthLayout />,
        children: [
          {
            element: <RedirectIfSignedIn />,
            children: [
              { path: "sign-in", element: <SignInPage /> },
              { path: "sign-up", element: <SignUpPage /> },
              { path: "authenticate-login", element: <AuthenticateLoginPage /> },
            ],
          },
          { path: "select-company", element: <SelectCompanyPage /> },
          // Not in the spec: where an invited user accepts or declines (issue #12).
          { path: "invitations", element: <InvitationsPage /> },
          { path: "onboarding", element: <OnboardingPage /> },
          { path: "logout", element: <LogoutPage /> },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            element: <DashboardLayout />,
            children: [
              { path: "inbox", element: <InboxPage /> },
              {
                element: <RequireAdmin />,
                children: [
                  {
                    path: "ai-agent",
                    element: <AiAgentLayout />,
                    children: [
                      { index: true, element: <Navigate to="persona" replace /> },
                      { path: "persona", element: <PersonaPage /> },
                      { path: "answer-rules", element: <AnswerRulesPage /> },
                      { path: "workflows", element: <WorkflowsPage /> },
                      // Not in the spec: lets an admin try the agent without opening a chat in the inbox.
                      { path: "playground", element: <PlaygroundPage /> },
                    ],
                  },
                  {
                    path: "knowledge-base",
                    element: <KnowledgeBaseLayout />,
                    children: [
                      { index: true, element: <Navigate to="sources" replace /> },
                      { path: "sources", element: <SourcesPage /> },
                      { path: "sources/:sourceID", element: <SourceDetailPage /> },
                      { path: "articles", element: <ArticlesPage /> },
                      { path: "articles/add", element: <ArticleEditorPage /> },
                      { path: "articles/add/:referenceID", element: <ArticleEditorPage /> },
                    ],
                  },
                  {
                    path: "automation",
                    element: <AutomationLayout />,
                    children: [
                      { index: true, element: <Navigate to="question-categories" replace /> },
                      { path: "question-categories", element: <QuestionCategoriesPage /> },
                      { path: "question-categories/:categoryID", element: <CategoryIntentsPage /> },
                      { path: "custom-replies", element: <CustomRepliesPage /> },
                      { path: "custom-replies/:customReplyID", element: <CustomReplyEditorPage /> },
                    ],
                  },
                  {
                    path: "chat-widget",
                    element: <ChatWidgetLayout />,
                    children: [
                      { index: true, element: <Navigate to="appearance" replace /> },
                      { path: "appearance", element: <AppearancePage /> },
                      { path: "self-serve-portal", element: <SelfServePortalPage /> },
                      { path: "handoff", element: <HandoffPage /> },
                      { path: "active-hours", element: <ActiveHoursPage /> },
                      { path: "activation", element: <ActivationPage /> },
                      { path: "shopify-portal", element: <ShopifyPortalPage /> },
                    ],
                  },
                  {
                    path: "settings",
                    element: <SettingsLayout />,
                    children: [
                      { index: true, element: <Navigate to="user-access" replace /> },
                      { path: "integrations", element: <IntegrationsPage /> },
                      { path: "user-access", element: <UserAccessPage /> },
                    ],
                  },
                  {
                    path: "analytics",
                    element: <AnalyticsLayout />,
                    children: [
                      { index: true, element: <Navigate to="insights" replace /> },
                      { path: "insights", element: <InsightsPage /> },
                      { path: "unanswered", element: <UnansweredQuestionsPage /> },
                      { path: "sources", element: <AnalyticsSourcesPage /> },
                      { path: "token-usage", element: <TokenUsagePage /> },
                      { path: "cost-and-speed", element: <CostAndSpeedPage /> },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: "admin",
        element: <AdminLayout />,
        children: [
          {
            element: <RequirePlatformAdmin />,
            children: [
              { index: true, element: <Navigate to="add-company" replace /> },
              { path: "add-company", element: <AddCompanyPage /> },
              { path: "delete-company", element: <DeleteCompanyPage /> },
            ],
          },
        ],
      },
      // Zendesk's consent popup ends here (spec part 2 §2.6): outside the shell, header hidden.
      { path: "settings/zendesk/oauth/success", element: <ZendeskOAuthSuccessPage /> },
      { path: "settings/zendesk/oauth/error", element: <ZendeskOAuthErrorPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
