import type { SubscriptionStatus } from "@harbor/contract/user";
import { Alert } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { texts } from "../../../lib/texts";

/** Shown whenever the company's subscription is not active (spec part 1 §2). */
export function SubscriptionBanner({ status }: { status: SubscriptionStatus }) {
  const t = texts.shell.subscription;
  return (
    <Alert color="yellow" title={t.title} icon={<IconAlertTriangle aria-hidden />} mb="md" role="status">
      {t.message(t.statuses[status])}
    </Alert>
  );
}
