import { Button, Center, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { texts } from "../../../lib/texts";
import { ZENDESK_OAUTH_MESSAGE, type ZendeskOAuthMessage } from "../zendesk-oauth-message";

const t = texts.settings.integrations.oauthResult;

/**
 * Where Zendesk's consent popup ends (spec part 2 §2.6), outside the dashboard shell: the spec's
 * words, and a button to the Integrations page. Opened as the popup, it tells the page that opened
 * it at once and the button closes the window; opened on its own, the button goes to the page.
 */
export function ZendeskOAuthResultPage({ result }: { result: "success" | "error" }) {
  const navigate = useNavigate();
  const isSuccess = result === "success";

  useEffect(() => {
    const message: ZendeskOAuthMessage = { type: ZENDESK_OAUTH_MESSAGE, result };
    window.opener?.postMessage(message, window.location.origin);
  }, [result]);

  const leave = () => {
    if (window.opener) window.close();
    else navigate("/settings/integrations");
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
