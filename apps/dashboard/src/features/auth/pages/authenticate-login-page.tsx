import type { ValidateEmailOtpResponse } from "@harbor/contract/auth";
import { Anchor, Button, Group, SimpleGrid, Stack, Text, VisuallyHidden } from "@mantine/core";
import { IconBrandGmail, IconExternalLink, IconRefresh } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { StatusBar, type StatusMessage } from "../../../components/status-bar";
import { errorMessage } from "../../../lib/api-client";
import { texts } from "../../../lib/texts";
import { useGetEmailOtp } from "../api/get-email-otp";
import { useRegister } from "../api/register";
import { useValidateEmailOtp } from "../api/validate-email-otp";
import { readCodeSentMessage } from "../code-sent-state";
import { AuthPageTitle } from "../components/auth-page-title";
import { CodeEntry } from "../components/code-entry";
import { type CodeFlow, clearPendingEmail, getPendingEmail, getPendingFlow } from "../pending-email";

const MAIL_CLIENTS = [
  { label: texts.auth.authenticate.openGmail, href: "https://mail.google.com", icon: IconBrandGmail },
  { label: texts.auth.authenticate.openOutlook, href: "https://outlook.live.com", icon: IconExternalLink },
];

function nextPath({ isNewCompany, hasMultipleCompanies }: ValidateEmailOtpResponse): string {
  if (isNewCompany) return "/onboarding";
  if (hasMultipleCompanies) return "/select-company";
  return "/inbox";
}

export function AuthenticateLoginPage() {
  const email = getPendingEmail();
  if (!email) return <Navigate to="/sign-in" replace />;
  return <AuthenticateLogin email={email} flow={getPendingFlow()} />;
}

function AuthenticateLogin({ email, flow }: { email: string; flow: CodeFlow }) {
  const navigate = useNavigate();
  const location = useLocation();
  const validate = useValidateEmailOtp();
  const resendSignIn = useGetEmailOtp();
  const resendSignUp = useRegister();
  // A new code of the kind first sent: signing up again sends a new sign-up code.
  const resend = flow === "sign-up" ? resendSignUp : resendSignIn;
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState("");
  const [status, setStatus] = useState<StatusMessage | null>(() => {
    const message = readCodeSentMessage(location.state);
    return message ? { type: "success", message } : null;
  });

  // Locked from the moment a full code is sent until the user asks to try again.
  const isLocked = validate.status !== "idle";

  const submit = (otp: string) => {
    setStatus(null);
    validate.mutate(
      { email, otp },
      {
        onSuccess: ({ data, message }) => {
          setStatus({ type: "success", message: message || texts.auth.authenticate.success });
          navigate(nextPath(data), { replace: true });
          clearPendingEmail();
        },
        onError: (error) => setStatus({ type: "error", message: errorMessage(error) }),
      },
    );
  };

  const unlock = () => {
    validate.reset();
    setCode("");
    setStatus(null);
    // The input becomes editable on the next render; focus it then.
    setTimeout(() => inputRef.current?.focus());
  };

  const resendCode = () => {
    if (validate.isError) unlock();
    else setStatus(null);
    resend.mutate(
      { email },
      {
        onSuccess: ({ message }) => setStatus({ type: "success", message }),
        onError: (error) => setStatus({ type: "error", message: errorMessage(error) }),
      },
    );
  };

  return (
    <Stack gap="lg">
      <AuthPageTitle
        title={texts.auth.authenticate.title}
        subtitle={
          <>
            {texts.auth.authenticate.codeSentTo}{" "}
            <Text span fw={700} c="var(--mantine-color-text)" style={{ overflowWrap: "anywhere" }}>
              {email}
            </Text>
          </>
        }
      />
      <StatusBar status={status} />
      <CodeEntry
        value={code}
        isLocked={isLocked}
        isChecking={validate.isPending}
        hasError={validate.isError}
        onChange={setCode}
        onComplete={submit}
        inputRef={inputRef}
      />
      <div aria-live="polite">
        {validate.isPending ? (
          <Text size="sm" c="dimmed" ta="center">
            {texts.auth.authenticate.checking}
          </Text>
        ) : null}
      </div>
      {validate.isError ? (
        <Button variant="light" leftSection={<IconRefresh size={18} aria-hidden />} onClick={unlock}>
          {texts.auth.authenticate.tryAgain}
        </Button>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {MAIL_CLIENTS.map(({ label, href, icon: Icon }) => (
          <Button
            key={href}
            component="a"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            leftSection={<Icon size={18} aria-hidden />}
          >
            {label}
            <VisuallyHidden>{texts.auth.authenticate.opensInNewTab}</VisuallyHidden>
          </Button>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed" ta="center">
        {texts.auth.authenticate.spamHint}
      </Text>
      <Group justify="space-between" gap="xs">
        <Anchor component={Link} to="/sign-in" size="sm">
          {texts.auth.authenticate.differentEmail}
        </Anchor>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={resendCode}
          disabled={validate.isPending || validate.isSuccess || resend.isPending}
        >
          {texts.auth.authenticate.resend}
        </Button>
      </Group>
    </Stack>
  );
}
