import { Anchor, Group, Text } from "@mantine/core";
import { Link, useSearchParams } from "react-router";
import { texts } from "../../../lib/texts";
import { type InboxFilter, withoutAnalyticsFilter } from "../inbox-filter";

const t = texts.inboxAnalyticsFilter;

/**
 * Says which chats an analytics figure opened the inbox on (a language, the days they started, in
 * the reporting zone), and goes back to the menu entry's whole list.
 */
export function AnalyticsFilterNote({ filter }: { filter: Omit<InboxFilter, "isUnreadOnly"> }) {
  const [search] = useSearchParams();
  const parts = [
    filter.language ? t.inLanguage(t.languages[filter.language] ?? filter.language) : null,
    filter.createdFrom || filter.createdTo ? t.started(filter.createdFrom, filter.createdTo) : null,
  ].filter((part) => part !== null);
  return (
    <Group gap="sm" role="status">
      <Text size="sm">{t.note(parts)}</Text>
      <Anchor component={Link} to={withoutAnalyticsFilter(search)} size="sm">
        {t.clear}
      </Anchor>
    </Group>
  );
}
