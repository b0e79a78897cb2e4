import { safeHttpURL } from "@harbor/contract/answer-links";
import { formatDay } from "@harbor/contract/dates";
import { type FulfillmentDisplay, fulfillmentDisplay } from "@harbor/contract/fulfillment-display";
import type { OrderCard, OrderItem } from "@harbor/contract/message-data";
import { Anchor, Badge, Group, Paper, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import {
  type Icon,
  IconCircleCheck,
  IconCircleX,
  IconClock,
  IconPackage,
  IconReceiptRefund,
  IconTruckDelivery,
} from "@tabler/icons-react";
import { texts } from "../../../../lib/texts";
import { MessageImage, messageImageSrc } from "./message-image";

const t = texts.inbox.messages;

type StatusLook = { icon: Icon; color: string };
const STATUS_LOOKS: Record<FulfillmentDisplay, StatusLook> = {
  processing: { icon: IconClock, color: "yellow" },
  shipped: { icon: IconPackage, color: "blue" },
  in_transit: { icon: IconTruckDelivery, color: "blue" },
  out_for_delivery: { icon: IconTruckDelivery, color: "blue" },
  delivered: { icon: IconCircleCheck, color: "green" },
  failed: { icon: IconCircleX, color: "red" },
  refund: { icon: IconReceiptRefund, color: "gray" },
};

/**
 * The status in words with its icon (spec part 1 §4). The icon carries the colour; the words stay
 * dark for contrast. (Mantine's dot variant and a left section do not fit in one badge: the label
 * drops to a clipped second row.)
 */
function FulfillmentStatus({ status }: { status: FulfillmentDisplay }) {
  const { icon: StatusIcon, color } = STATUS_LOOKS[status];
  return (
    <Badge
      variant="default"
      tt="none"
      fw={600}
      leftSection={<StatusIcon size={14} color={`var(--mantine-color-${color}-7)`} aria-hidden />}
      data-status={status}
    >
      {t.fulfillmentStatuses[status]}
    </Badge>
  );
}

function Items({ items }: { items: OrderItem[] }) {
  return (
    <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {items.map((item, index) => {
        const image = messageImageSrc(item.imageSrc);
        return (
          // Items carry no id and never move.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Group key={index} component="li" gap="xs" wrap="nowrap">
            {image ? <MessageImage src={image} alt="" w={32} h={32} radius="sm" /> : null}
            <Text size="sm" dir="auto">
              {item.variantTitle ? `${item.title} · ${item.variantTitle}` : item.title}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}

/** An order as the AI showed it to the visitor: order, payment, each shipment, processing items, refunds. */
export function OrderCardMessage({ card }: { card: OrderCard }) {
  const { order, customer, fulfillments, processingItems, refunds } = card;
  const refundedItems = (refunds ?? []).flatMap((refund) => refund.products ?? []);
  return (
    <Paper withBorder radius="md" p="sm" maw={{ base: "92%", sm: "80%" }} w="100%" data-testid="order-card">
      <Stack gap="xs">
        <Title order={4} size="h6">
          {t.order(order.name)}
        </Title>
        <Group gap="md">
          {order.createdAt ? <Text size="sm">{t.ordered(formatDay(order.createdAt))}</Text> : null}
          {order.financialStatus ? (
            // The shop's code for it ("partially_refunded"), read as words.
            <Text size="sm">{t.payment(order.financialStatus.replaceAll("_", " ").toLowerCase())}</Text>
          ) : null}
        </Group>
        {customer?.name || customer?.email ? (
          <Text size="sm" c="dimmed">
            {[customer.name, customer.email].filter(Boolean).join(" · ")}
          </Text>
        ) : null}
        {(fulfillments ?? []).map((fulfillment, index) => {
          const tracking = safeHttpURL(fulfillment.trackingURL);
          return (
            // Fulfillments carry no id and never move.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Stack key={index} gap={4}>
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {t.fulfillment(index + 1)}
                </Text>
                <FulfillmentStatus status={fulfillmentDisplay(fulfillment)} />
                {fulfillment.company ? <Text size="sm">{fulfillment.company}</Text> : null}
              </Group>
              {tracking ? (
                <Anchor href={tracking} target="_blank" rel="noopener noreferrer" size="sm">
                  {fulfillment.trackingNumber ? t.trackingLink(fulfillment.trackingNumber) : t.track}
                  <VisuallyHidden>{texts.common.opensInNewTab}</VisuallyHidden>
                </Anchor>
              ) : null}
              <Items items={fulfillment.items ?? []} />
            </Stack>
          );
        })}
        {processingItems && processingItems.length > 0 ? (
          <Stack gap={4}>
            <FulfillmentStatus status="processing" />
            <Items items={processingItems} />
          </Stack>
        ) : null}
        {refundedItems.length > 0 ? (
          <Stack gap={4}>
            <FulfillmentStatus status="refund" />
            <Items items={refundedItems} />
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
