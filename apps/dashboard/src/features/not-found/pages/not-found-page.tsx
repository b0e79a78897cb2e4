import { Anchor, Center, Stack, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { Link } from "react-router";
import { PageLoader } from "../../../components/page-loader";
import { texts } from "../../../lib/texts";
import { useConfig } from "../api/get-config";

/**
 * Unknown dashboard paths leave for the marketing website (spec part 2 §2.1) when one is
 * configured; without one (or when the config cannot be read) they stay in the app with a
 * not-found page, rather than sending the browser to a site that does not exist.
 */
export function NotFoundPage() {
  const config = useConfig();
  const marketingURL = config.data?.marketingURL;

  useEffect(() => {
    if (marketingURL) window.location.replace(marketingURL);
  }, [marketingURL]);

  if (config.isError || (config.isSuccess && !marketingURL)) {
    return (
      <Center mih="100dvh" p="md" component="main">
        <Stack align="center" gap="sm">
          <title>{texts.pageTitle(texts.notFound.title)}</title>
          <Title order={1}>{texts.notFound.title}</Title>
          <Text c="dimmed" ta="center">
            {texts.notFound.text}
          </Text>
          <Anchor component={Link} to="/inbox">
            {texts.notFound.toInbox}
          </Anchor>
        </Stack>
      </Center>
    );
  }
  return (
    <Center mih="100dvh" component="main">
      <Stack align="center" gap={0}>
        <Title order={1} size="h4">
          {texts.notFound.redirecting}
        </Title>
        <PageLoader label={texts.notFound.redirecting} />
      </Stack>
    </Center>
  );
}
