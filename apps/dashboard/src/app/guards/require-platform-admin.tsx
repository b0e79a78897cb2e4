import { Anchor, Center, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { Link, Navigate, Outlet } from "react-router";
import { PageLoader } from "../../components/page-loader";
import { useSession } from "../../features/auth/api/get-current-user";
import { texts } from "../../lib/texts";
import { LoadError } from "./load-error";

/** The /admin pages are for platform admins only; the server enforces it, this explains it. */
export function RequirePlatformAdmin() {
  const session = useSession();
  if (session.status === "loading") return <PageLoader />;
  if (session.status === "signed-out") return <Navigate to="/sign-in" replace />;
  if (session.status === "failed") return <LoadError onRetry={session.retry} />;
  if (!session.data.user.isPlatformAdmin) {
    return (
      <Center mih="60vh" p="md">
        <Stack align="center" ta="center" gap="sm">
          <title>{texts.pageTitle(texts.admin.notAllowedTitle)}</title>
          <ThemeIcon size={56} radius="xl" variant="light" color="red.9" aria-hidden>
            <IconLock size={30} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {texts.admin.notAllowedTitle}
          </Title>
          <Text c="dimmed">{texts.admin.notAllowedText}</Text>
          <Anchor component={Link} to="/inbox">
            {texts.admin.backToDashboard}
          </Anchor>
        </Stack>
      </Center>
    );
  }
  return <Outlet />;
}
