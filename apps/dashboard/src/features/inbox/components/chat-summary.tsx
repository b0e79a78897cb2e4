import { safeHttpURL } from "@harbor/contract/answer-links";
import { type Chat, DEFAULT_CUSTOMER_NAME } from "@harbor/contract/chat";
import { Anchor, Badge, Group, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { texts } from "../../../lib/texts";
import { useShopifyCustomer } from "../api/get-shopify-customer";
import { cutSummary } from "../summary-cut";

const t = texts.inbox.summary;

/** "+31 6 12345678": the calling code with one plus, then the number. */
function formatPhone(number: NonNullable<Chat["customer"]["number"]>): string {
  return `+${number.countryCallingCode.replace(/^\+/, "")} ${number.number}`;
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" dir="auto" style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </div>
  );
}

/** The chat's customer in the connected shop: a link to them in the shop admin, or that there is none. */
function ShopCustomer({ chat }: { chat: Chat }) {
  const { data } = useShopifyCustomer(chat.chatID, chat.customer.email);
  const href = data?.status === "found" ? safeHttpURL(data.adminURL ?? "") : null;
  if (href) {
    return (
      <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" data-testid="open-in-shopify">
        {t.openInShopify}
        <VisuallyHidden>{texts.common.opensInNewTab}</VisuallyHidden>
      </Anchor>
    );
  }
  return data?.status === "not_found" ? (
    <Text size="sm" c="dimmed">
      {t.notInShopify}
    </Text>
  ) : null;
}

/** The customer and the chat at a glance: contact details, the AI summary and what was asked. */
export function ChatSummary({ chat }: { chat: Chat }) {
  const { customer } = chat;
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Title order={3} size="h5" dir="auto">
          {customer.name || DEFAULT_CUSTOMER_NAME}
        </Title>
        {customer.email ? (
          <Detail label={t.email}>
            <Anchor href={`mailto:${customer.email}`} size="sm">
              {customer.email}
            </Anchor>
          </Detail>
        ) : null}
        {customer.number ? <Detail label={t.phone}>{formatPhone(customer.number)}</Detail> : null}
        {customer.location ? <Detail label={t.location}>{customer.location}</Detail> : null}
        <ShopCustomer chat={chat} />
      </Stack>
      <Stack gap={4}>
        <Title order={3} size="h6">
          {t.aiSummary}
        </Title>
        <Text
          size="sm"
          dir="auto"
          data-testid="chat-summary-text"
          style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
        >
          {chat.analysis.summary ? cutSummary(chat.analysis.summary) : t.noSummary}
        </Text>
      </Stack>
      {chat.aiAnalysis.length > 0 ? (
        <Stack gap={4}>
          <Title order={3} size="h6">
            {t.aiAnalysis}
          </Title>
          <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {chat.aiAnalysis.map((entry) => (
              <li key={entry._id}>
                <Text size="sm" dir="auto">
                  {entry.shortenedCustomerMessage}
                </Text>
                <Group gap={4} mt={2}>
                  {entry.questionCategory ? (
                    <Badge variant="dot" color="blue" tt="none" size="sm" title={t.category}>
                      {entry.questionCategory}
                    </Badge>
                  ) : null}
                  {entry.selectedIntent ? (
                    <Badge variant="dot" color="grape" tt="none" size="sm" title={t.intent}>
                      {entry.selectedIntent}
                    </Badge>
                  ) : null}
                </Group>
              </li>
            ))}
          </Stack>
        </Stack>
      ) : null}
    </Stack>
  );
}
