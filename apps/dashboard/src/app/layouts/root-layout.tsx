import { Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { PageLoader } from "../../components/page-loader";

export function RootLayout() {
  return (
    <>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
