import { Anchor, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { StatusBar, type StatusMessage } from "../../../components/status-bar";
import { errorMessage } from "../../../lib/api-client";
import { texts } from "../../../lib/texts";
import { useGetEmailOtp } from "../api/get-email-otp";
import type { CodeSentState } from "../code-sent-state";
import { AuthPageTitle } from "../components/auth-page-title";
import { EmailForm } from "../components/email-form";
import { setPendingEmail } from "../pending-email";

export function SignInPage() {
  const navigate = useNavigate();
  const requestCode = useGetEmailOtp();
  const [status, setStatus] = useState<StatusMessage | null>(null);

  const handleSubmit = (email: string) => {
    setStatus(null);
    requestCode.mutate(
      { email },
      {
        onSuccess: ({ message }) => {
          setPendingEmail(email);
          navigate("/authenticate-login", { state: { message } satisfies CodeSentState });
        },
        onError: (error) => setStatus({ type: "error", message: errorMessage(error) }),
      },
    );
  };

  return (
    <Stack gap="lg">
      <AuthPageTitle title={texts.auth.signIn.title} subtitle={texts.auth.signIn.subtitle} />
      <StatusBar status={status} />
      <EmailForm submitLabel={texts.auth.signIn.submit} isPending={requestCode.isPending} onSubmit={handleSubmit} />
      <Text ta="center" size="sm">
        {texts.auth.signIn.noAccount}{" "}
        <Anchor component={Link} to="/sign-up" fw={600}>
          {texts.auth.signIn.createAccount}
        </Anchor>
      </Text>
    </Stack>
  );
}
