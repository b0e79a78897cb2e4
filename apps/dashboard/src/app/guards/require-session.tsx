import { Navigate, Outlet } from "react-router";
import { PageLoader } from "../../components/page-loader";
import { useSession } from "../../features/auth/api/get-current-user";
import { LoadError } from "./load-error";

/** Dashboard pages: signed out → /sign-in; signed in without a selected company → /select-company. */
export function RequireSession() {
  const session = useSession();
  if (session.status === "loading") return <PageLoader />;
  if (session.status === "signed-out") return <Navigate to="/sign-in" replace />;
  if (session.status === "failed") return <LoadError onRetry={session.retry} />;
  if (!session.data.company) return <Navigate to="/select-company" replace />;
  return <Outlet />;
}
