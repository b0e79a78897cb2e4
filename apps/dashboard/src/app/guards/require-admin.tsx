import { Navigate, Outlet } from "react-router";
import { useSession } from "../../features/auth/api/get-current-user";

/** Admin-only areas (AI agent, knowledge base, settings, analytics): anyone else is sent to the inbox. Used inside RequireSession. */
export function RequireAdmin() {
  const session = useSession();
  if (session.status !== "signed-in" || session.data.user.role !== "admin") return <Navigate to="/inbox" replace />;
  return <Outlet />;
}
