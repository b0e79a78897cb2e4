import { Button, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { texts } from "../../../lib/texts";
import { useSignOut } from "../api/logout";
import { AuthPageTitle } from "../components/auth-page-title";

const t = texts.auth.logout;

/**
 * /logout asks before signing out: a page that signed out as soon as it loaded would let any site
 * sign a user out by linking here. Harbor's own Logout buttons sign out directly.
 */
export function LogoutPage() {
  const { signOut, isPending } = useSignOut();
  return (
    <Stack gap="lg">
      <AuthPageTitle title={t.title} subtitle={t.question} />
      <Group justify="center">
        <Button variant="default" component={Link} to="/inbox">
          {t.stay}
        </Button>
        <Button onClick={signOut} loading={isPending}>
          {t.confirm}
        </Button>
      </Group>
      {isPending ? (
        <Text role="status" size="sm" ta="center">
          {t.signingOut}
        </Text>
      ) : null}
    </Stack>
  );
}
