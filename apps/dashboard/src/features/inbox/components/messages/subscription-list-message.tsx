import { formatDay } from "@harbor/contract/dates";
import type { Subscription } from "@harbor/contract/message-data";
import { formatMoney } from "@harbor/contract/money";
import { Group, Paper, Stack, Text } from "@mantine/core";
import { texts } from "../../../../lib/texts";
import { MessageImage, messageImageSrc } from "./message-image";

const t = texts.inbox.messages;

/** The visitor's subscriptions: product, quantity x price, and how often (spec part 1 §9). */
export function SubscriptionListMessage({ subscriptions }: { subscriptions: Subscription[] }) {
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label={t.subscriptions}
      maw={{ base: "92%", sm: "80%" }}
      w="100%"
      style={{ listStyle: "none", padding: 0, margin: 0 }}
    >
      {subscriptions.map((subscription, index) => {
        const image = messageImageSrc(subscription.image_src);
        const price = formatMoney(subscription.price, subscription.presentment_currency);
        return (
          // Subscriptions in messageData carry no id and never move.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Paper key={index} component="li" withBorder radius="md" p="xs" data-testid="subscription">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              {image ? <MessageImage src={image} alt="" w={48} h={48} radius="sm" /> : null}
              <Stack gap={2}>
                <Text size="sm" fw={600} dir="auto">
                  {subscription.product_title}
                </Text>
                {subscription.variant_title ? (
                  <Text size="sm" dir="auto">
                    {subscription.variant_title}
                  </Text>
                ) : null}
                <Text size="sm">{t.quantityPrice(subscription.quantity, price)}</Text>
                <Text size="sm">
                  {t.every(Number(subscription.order_interval_frequency), subscription.order_interval_unit)}
                </Text>
                {subscription.next_charge_scheduled_at ? (
                  <Text size="sm" c="dimmed">
                    {t.nextCharge(formatDay(subscription.next_charge_scheduled_at))}
                  </Text>
                ) : null}
              </Stack>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
