import { Anchor, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { StatusBar, type StatusMessage } from "../../../components/status-bar";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { texts } from "../../../lib/texts";
import { useRegister } from "../api/register";
import type { CodeSentState } from "../code-sent-state";
import { AuthPageTitle } from "../components/auth-page-title";
import { EmailForm } from "../components/email-form";
import { setPendingEmail } from "../pending-email";

export function SignUpPage() {
  const navigate = useNavigate();
  const register = useRegister();
  const [status, setStatus] = useState<StatusMessage | null>(null);

  const handleSubmit = (email: string) => {
    setStatus(null);
    register.mutate(
      { email },
      {
        onSuccess: ({ message }) => {
          setPendingEmail(email);
          navigate("/authenticate-login", { state: { message } satisfies CodeSentState });
        },
        onError: (error) => {
          const hasAccount = error instanceof ApiError && error.status === 409;
          setStatus({
            type: "error",
            message: errorMessage(error),
            action: hasAccount ? (
              <Anchor component={Link} to="/sign-in" fw={600} size="sm">
                {texts.auth.signUp.signInInstead}
              </Anchor>
            ) : undefined,
          });
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <AuthPageTitle title={texts.auth.signUp.title} subtitle={texts.auth.signUp.subtitle} />
      <StatusBar status={status} />
      <EmailForm submitLabel={texts.auth.signUp.submit} isPending={register.isPending} onSubmit={handleSubmit} />
      <Text ta="center" size="sm">
        {texts.auth.signUp.haveAccount}{" "}
        <Anchor component={Link} to="/sign-in" fw={600}>
          {texts.auth.signUp.signIn}
        </Anchor>
      </Text>
    </Stack>
  );
}
