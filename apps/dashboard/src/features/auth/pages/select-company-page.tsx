import { WORKSPACE_REDIRECT_DELAY_MS } from "@harbor/contract/constants";
import type { CurrentUser } from "@harbor/contract/user";
import { Anchor, Box, Group, LoadingOverlay, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { CompanyAvatar } from "../../../components/company-avatar";
import { PageLoader } from "../../../components/page-loader";
import { StatusBar, type StatusMessage } from "../../../components/status-bar";
import { errorMessage } from "../../../lib/api-client";
import { texts } from "../../../lib/texts";
import { useSession } from "../api/get-current-user";
import { useSignOut } from "../api/logout";
import { useSelectCompany } from "../api/select-company";
import { AuthPageTitle } from "../components/auth-page-title";
import classes from "./select-company-page.module.css";

export function SelectCompanyPage() {
  const session = useSession();
  if (session.status === "loading") return <PageLoader />;
  if (session.status === "signed-out") return <Navigate to="/sign-in" replace />;
  if (session.status === "failed") {
    return <StatusBar status={{ type: "error", message: errorMessage(session.error) }} />;
  }
  const { user } = session.data;
  // Invited before having any workspace: the invitations are what there is to choose from.
  if (user.companies.length === 0 && user.invitations.length > 0) return <Navigate to="/invitations" replace />;
  return <CompanyPicker user={user} />;
}

function CompanyPicker({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const selectCompany = useSelectCompany();
  const { signOut } = useSignOut();
  const [isOpening, setIsOpening] = useState(false);
  const [status, setStatus] = useState<StatusMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const companies = [...user.companies].sort((a, b) => a.name.localeCompare(b.name));

  const pick = (companyID: string) => {
    if (isOpening) return;
    setIsOpening(true);
    setStatus(null);
    selectCompany.mutate(
      { companyID, userID: user.userID, email: user.email },
      {
        onSuccess: () => {
          timer.current = setTimeout(() => navigate("/inbox", { replace: true }), WORKSPACE_REDIRECT_DELAY_MS);
        },
        onError: (error) => {
          setIsOpening(false);
          setStatus({ type: "error", message: errorMessage(error) });
        },
      },
    );
  };

  return (
    <Stack gap="lg" pos="relative">
      <LoadingOverlay visible={isOpening} zIndex={10} />
      <AuthPageTitle title={texts.auth.selectCompany.title} subtitle={texts.auth.selectCompany.subtitle} />
      <StatusBar status={status} />
      {user.invitations.length > 0 ? (
        <Anchor component={Link} to="/invitations" ta="center" fw={600}>
          {texts.auth.selectCompany.invitations(user.invitations.length)}
        </Anchor>
      ) : null}
      {companies.length === 0 ? (
        <Text ta="center">{texts.auth.selectCompany.noCompanies}</Text>
      ) : (
        <Stack component="ul" gap="xs" className={classes.list}>
          {companies.map((company) => (
            <Box component="li" key={company.companyID}>
              <UnstyledButton
                className={classes.item}
                onClick={() => pick(company.companyID)}
                disabled={isOpening}
                aria-label={texts.auth.selectCompany.open(company.name)}
              >
                <Group wrap="nowrap" gap="sm">
                  <CompanyAvatar name={company.name} logoURL={company.logoURL} />
                  <Text fw={600} flex={1} truncate>
                    {company.name}
                  </Text>
                  <IconChevronRight size={18} aria-hidden />
                </Group>
              </UnstyledButton>
            </Box>
          ))}
        </Stack>
      )}
      {isOpening ? (
        <Text role="status" size="sm" ta="center">
          {texts.auth.selectCompany.opening}
        </Text>
      ) : null}
      <Anchor component="button" type="button" size="sm" ta="center" onClick={signOut}>
        {texts.auth.selectCompany.differentEmail}
      </Anchor>
    </Stack>
  );
}
