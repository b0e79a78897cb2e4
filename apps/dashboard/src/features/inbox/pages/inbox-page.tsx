import { Paper, Stack, Title } from "@mantine/core";
import { IconInbox } from "@tabler/icons-react";
import { EmptyState } from "../../../components/empty-state";
import { texts } from "../../../lib/texts";

export function InboxPage() {
  return (
    <Stack>
      <title>{texts.pageTitle(texts.inbox.title)}</title>
      <Title order={1} size="h2">
        {texts.inbox.title}
      </Title>
      <Paper withBorder radius="lg">
        <EmptyState icon={<IconInbox size={30} />} title={texts.inbox.emptyTitle} text={texts.inbox.emptyText} />
      </Paper>
    </Stack>
  );
}
