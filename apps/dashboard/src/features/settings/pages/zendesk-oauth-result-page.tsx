import { Button, Center, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { texts } from "../../../lib/texts";
import { announceZendeskOAuthResult } from "../zendesk-oauth-message";

const t = texts.settings.integrations.oauthResult;

/**
 * Where Zendesk's consent popup ends (spec part 2 §2.6), outside the dashboard shell: the spec's
 * words, and a button to the Integrations page. It tells the Integrations page waiting for it at
 * once (zendesk-oauth-message.ts); the button closes the window when the browser lets a script
 * close it (the popup), else goes to the page.
 */
export function ZendeskOAuthResultPage({ result }: { result: "success" | "error" }) {
  const navigate = useNavigate();
  const isSuccess = result === "success";

  useEffect(() => {
    announceZendeskOAuthResult(result);
  }, [result]);

  const leave = () => {
    // Not `window.opener`: the opener is cut once the popup has been on Zendesk (COOP), yet the
    // browser still lets the script that opened the window close it. `closed` says if it did.
    window.close();
    if (!window.closed) navigate("/settings/integrations");
  };

  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" ta="center" gap="sm" maw={420}>
        <title>{texts.pageTitle(isSuccess ? t.successTitle : t.errorTitle)}</title>
        <ThemeIcon size={56} radius="xl" color={isSuccess ? "green" : "red"} variant="light">
          {isSuccess ? <IconCircleCheck size={34} aria-hidden /> : <IconAlertTriangle size={34} aria-hidden />}
        </ThemeIcon>
        <Title order={1} size="h3">
          {isSuccess ? t.successTitle : t.errorTitle}
        </Title>
        <Text c="dimmed">{isSuccess ? t.successText : t.errorText}</Text>
        <Button onClick={leave} data-autofocus>
          {t.toIntegrations}
        </Button>
      </Stack>
    </Center>
  );
}

export const ZendeskOAuthSuccessPage = () => <ZendeskOAuthResultPage result="success" />;
export const ZendeskOAuthErrorPage = () => <ZendeskOAuthResultPage result="error" />;
