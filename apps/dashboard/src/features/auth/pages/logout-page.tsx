import { Loader, Stack } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { texts } from "../../../lib/texts";
import { useLogout } from "../api/logout";
import { AuthPageTitle } from "../components/auth-page-title";
import { clearPendingEmail } from "../pending-email";

export function LogoutPage() {
  const navigate = useNavigate();
  const { mutate: logout } = useLogout();
  // Effects run twice in development's StrictMode; one logout call is enough.
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    clearPendingEmail();
    logout(undefined, { onSettled: () => navigate("/sign-in", { replace: true }) });
  }, [logout, navigate]);

  return (
    <Stack align="center" gap="lg" role="status">
      <AuthPageTitle title={texts.auth.logout.title} />
      <Loader aria-hidden />
    </Stack>
  );
}
