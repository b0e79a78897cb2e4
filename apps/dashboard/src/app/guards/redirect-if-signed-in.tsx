import { Navigate, Outlet } from "react-router";
import { PageLoader } from "../../components/page-loader";
import { useSession } from "../../features/auth/api/get-current-user";

/** Sign-in, sign-up and code screens: a signed-in user goes to the dashboard instead. */
export function RedirectIfSignedIn() {
  const session = useSession();
  if (session.status === "loading") return <PageLoader />;
  if (session.status === "signed-in") return <Navigate to="/inbox" replace />;
  return <Outlet />;
}
