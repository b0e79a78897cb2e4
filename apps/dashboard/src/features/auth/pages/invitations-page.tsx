import type { CurrentUser, PendingInvitation } from "@harbor/contract/user";
import { Anchor, Box, Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link, Navigate } from "react-router";
import { CompanyAvatar } from "../../../components/company-avatar";
import { PageLoader } from "../../../components/page-loader";
import { StatusBar, type StatusMessage } from "../../../components/status-bar";
import { errorMessage } from "../../../lib/api-client";
import { texts } from "../../../lib/texts";
import { useAcceptInvitation } from "../api/accept-invitation";
import { useDeclineInvitation } from "../api/decline-invitation";
import { useSession } from "../api/get-current-user";
import { useSignOut } from "../api/logout";
import { useSelectCompany } from "../api/select-company";
import { AuthPageTitle } from "../components/auth-page-title";
import classes from "./select-company-page.module.css";

const t = texts.auth.invitations;

/** What became of an invitation answered on this page (the session no longer lists it). */
type Answered = { invitation: PendingInvitation; hasJoined: boolean };

/**
 * /invitations: the workspaces the user was invited to (issue #12: nobody is added to a
 * workspace without consent). Accepting makes the membership; the user then opens it.
 */
export function InvitationsPage() {
  const session = useSession();
  if (session.status === "loading") return <PageLoader label={t.loading} />;
  if (session.status === "signed-out") return <Navigate to="/sign-in" replace />;
  if (session.status === "failed") {
    return <StatusBar status={{ type: "error", message: errorMessage(session.error) }} />;
  }
  return <InvitationList user={session.data.user} />;
}

function InvitationList({ user }: { user: CurrentUser }) {
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const selectCompany = useSelectCompany();
  const { signOut } = useSignOut();
  const [answered, setAnswered] = useState<Answered[]>([]);
  const [status, setStatus] = useState<StatusMessage | null>(null);
  const isBusy = accept.isPending || decline.isPending || selectCompany.isPending;

  const answer = (invitation: PendingInvitation, hasJoined: boolean) => {
    if (isBusy) return;
    setStatus(null);
    const mutation = hasJoined ? accept : decline;
    mutation.mutate(
      { invitationID: invitation.invitationID },
      {
        onSuccess: () => setAnswered((list) => [...list, { invitation, hasJoined }]),
        onError: (error) => setStatus({ type: "error", message: errorMessage(error) }),
      },
    );
  };

  /** Opens the joined workspace with a fresh page, so nothing of the one open before lingers. */
  const open = (companyID: string) => {
    if (isBusy) return;
    selectCompany.mutate(
      { companyID },
      {
        onSuccess: () => window.location.assign("/inbox"),
        onError: (error) => setStatus({ type: "error", message: errorMessage(error) }),
      },
    );
  };

  const isAnswered = (invitation: PendingInvitation) =>
    answered.some((entry) => entry.invitation.invitationID === invitation.invitationID);
  const waiting = user.invitations.filter((invitation) => !isAnswered(invitation));
  const hasWorkspace = user.companies.length > 0;

  return (
    <Stack gap="lg">
      <AuthPageTitle title={t.title} subtitle={t.subtitle} />
      <StatusBar status={status} />
      {waiting.length === 0 && answered.length === 0 ? <Text ta="center">{t.empty}</Text> : null}
      <Stack component="ul" gap="xs" className={classes.list}>
        {answered.map(({ invitation, hasJoined }) => (
          <Box component="li" key={invitation.invitationID} className={classes.item}>
            <Group wrap="nowrap" gap="sm">
              <CompanyAvatar name={invitation.companyName} logoURL={invitation.logoURL} />
              <Text flex={1} role="status">
                {hasJoined ? t.joined(invitation.companyName) : t.declined(invitation.companyName)}
              </Text>
            </Group>
            {hasJoined ? (
              <Group justify="flex-end" mt="sm">
                <Button onClick={() => open(invitation.companyID)} loading={selectCompany.isPending}>
                  {t.open(invitation.companyName)}
                </Button>
              </Group>
            ) : null}
          </Box>
        ))}
        {waiting.map((invitation) => (
          <Box component="li" key={invitation.invitationID} className={classes.item}>
            <Group wrap="nowrap" gap="sm" align="flex-start">
              <CompanyAvatar name={invitation.companyName} logoURL={invitation.logoURL} />
              <Stack gap={2} flex={1} miw={0}>
                <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                  {invitation.companyName}
                </Text>
                <Text size="sm" c="dimmed">
                  {t.invitedBy(invitation.inviterName, invitation.role)}
                </Text>
              </Stack>
            </Group>
            <Group justify="flex-end" gap="xs" mt="sm">
              <Button
                variant="default"
                disabled={isBusy}
                aria-label={t.declineLabel(invitation.companyName)}
                onClick={() => answer(invitation, false)}
              >
                {t.decline}
              </Button>
              <Button
                disabled={isBusy}
                aria-label={t.acceptLabel(invitation.companyName)}
                onClick={() => answer(invitation, true)}
              >
                {t.accept}
              </Button>
            </Group>
          </Box>
        ))}
      </Stack>
      {hasWorkspace ? (
        <Anchor component={Link} to="/select-company" size="sm" ta="center">
          {t.toWorkspaces}
        </Anchor>
      ) : (
        <Stack gap={4} align="center">
          {answered.some((entry) => entry.hasJoined) ? null : <Text size="sm">{t.noWorkspace}</Text>}
          <Anchor component="button" type="button" size="sm" onClick={signOut}>
            {texts.auth.selectCompany.differentEmail}
          </Anchor>
        </Stack>
      )}
    </Stack>
  );
}
