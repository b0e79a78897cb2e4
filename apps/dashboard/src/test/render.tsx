import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter, parsePath, type RouteObject, RouterProvider } from "react-router";
import { cssVariablesResolver, theme } from "../app/theme";

type RenderRoutesOptions = { routes: RouteObject[]; initialPath: string; initialState?: unknown };

/** Renders routes in a memory data router with the app's providers and a fresh, retry-free query client. */
export function renderRoutes({ routes, initialPath, initialState }: RenderRoutesOptions) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, {
    // parsePath keeps a query string (e.g. "/inbox?status=open") out of the pathname.
    initialEntries: [{ ...parsePath(initialPath), state: initialState }],
  });
  const view = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, queryClient };
}
