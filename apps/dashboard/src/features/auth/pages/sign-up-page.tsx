import { Anchor, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { StatusBar, type StatusMessage } from "../../../components/status-bar";
import { errorMessage } from "../../../lib/api-client";
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
          setPendingEmail(email, "sign-up");
          navigate("/authenticate-login", { state: { message } satisfies CodeSentState });
        },
        // An address that already has an account is answered like a new one (its owner gets a
        // sign-in code by mail), so the only failures here are throttles and bad input.
        onError: (error) => setStatus({ type: "error", message: errorMessage(error) }),
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
