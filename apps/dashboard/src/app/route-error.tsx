import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { useRouteError } from "react-router";
import { texts } from "../lib/texts";

/** Last resort for a render error or a lazy chunk that failed to load (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" ta="center">
        <Title order={1}>{texts.routeError.title}</Title>
        <Text c="dimmed">{texts.routeError.text}</Text>
        <Button onClick={() => window.location.reload()}>{texts.common.reload}</Button>
      </Stack>
    </Center>
  );
}
