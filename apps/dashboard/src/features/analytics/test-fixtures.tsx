import type { Insights } from "@harbor/contract/analytics";
import type { ReactElement } from "react";
import { Outlet, useSearchParams } from "react-router";
import { type StubAnswer, stubFetch } from "../../test/fetch-stub";
import { renderRoutes } from "../../test/render";
import { AnalyticsRangeProvider } from "./components/analytics-range";

/** Stands in for the new-article editor: shows the title it was asked to start from. */
function NewArticleProbe() {
  const [searchParams] = useSearchParams();
  return <p>new article: {searchParams.get("title")}</p>;
}

type Routes = Record<string, (body: unknown) => StubAnswer | Promise<StubAnswer>>;

/** An analytics page inside the range provider the layout gives it, with the API stubbed. */
export function renderAnalyticsPage(options: { path: string; page: ReactElement; routes: Routes }) {
  const fetchMock = stubFetch({
    "GET /api/analytics/time-zone": () => ({ data: { timeZone: "UTC" } }),
    ...options.routes,
  });
  const view = renderRoutes({
    initialPath: options.path,
    routes: [
      {
        element: (
          <AnalyticsRangeProvider>
            <Outlet />
          </AnalyticsRangeProvider>
        ),
        children: [
          { path: options.path, element: options.page },
          { path: "/knowledge-base/articles/add/:referenceID", element: <p>article editor</p> },
          { path: "/knowledge-base/articles/add", element: <NewArticleProbe /> },
        ],
      },
    ],
  });
  return { ...view, fetchMock };
}

export const insightsFixture: Insights = {
  totalConversations: 13,
  totalHandoffs: 1,
  totalResolutions: 9,
  averageMessagesCount: 2.3,
  aiCategories: { OrderStatus: 3, ShippingTimes: 3, Fit: 1 },
  openChats: { ShippingTimes: 2, OrderStatus: 1 },
  resolvedChats: { OrderStatus: 1 },
  customReplies: { "Track order": 1 },
  suggestedQuestions: {},
  resolutions: { confirmed: 2, assumed: 7, handedOff: 1, reopened: 2 },
  timeZone: "UTC",
};
