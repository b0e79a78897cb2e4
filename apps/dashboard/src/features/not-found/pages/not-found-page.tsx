import { Anchor, Center, Stack, Title } from "@mantine/core";
import { useEffect } from "react";
import { Link } from "react-router";
import { PageLoader } from "../../../components/page-loader";
import { texts } from "../../../lib/texts";
import { useConfig } from "../api/get-config";

/** Unknown dashboard paths leave for the marketing website (spec part 2 §2.1). */
export function NotFoundPage() {
  const config = useConfig();
  const marketingURL = config.data?.marketingURL;

  useEffect(() => {
    if (marketingURL) window.location.replace(marketingURL);
  }, [marketingURL]);

  if (config.isError) {
    return (
      <Center mih="100dvh" p="md" component="main">
        <Stack align="center">
          <title>{texts.pageTitle(texts.notFound.title)}</title>
          <Title order={1}>{texts.notFound.title}</Title>
          <Anchor component={Link} to="/inbox">
            {texts.notFound.toDashboard}
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
