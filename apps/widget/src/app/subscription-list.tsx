import { safeHttpURL } from "@harbor/contract/answer-links";
import { formatDay } from "@harbor/contract/dates";
import type { Subscription } from "@harbor/contract/message-data";
import { formatMoney } from "@harbor/contract/money";
import type { Language } from "../i18n/pick-language";
import { useTexts } from "../i18n/texts";

/** The visitor's subscriptions (spec part 1 §9): quantity x price, and "Every {n} {unit}". */
export function SubscriptionList({ subscriptions, language }: { subscriptions: Subscription[]; language: Language }) {
  const t = useTexts();
  return (
    <ul className="card items" aria-label={t.subscriptions}>
      {subscriptions.map((subscription, index) => {
        const image = safeHttpURL(subscription.image_src);
        return (
          // Subscriptions in a message carry no id and never move.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index}>
            {image ? <img src={image} alt="" /> : null}
            <span>
              <b dir="auto">{subscription.product_title}</b>
              {subscription.variant_title ? <span dir="auto"> · {subscription.variant_title}</span> : null}
              <br />
              <SubscriptionTerms subscription={subscription} language={language} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** What a subscription costs and when: "2 x €12.00 · Every 4 weeks", then the next charge's day. */
export function SubscriptionTerms({
  subscription,
  language,
}: {
  subscription: Pick<
    Subscription,
    "quantity" | "price" | "presentment_currency" | "order_interval_unit" | "next_charge_scheduled_at"
  > & { order_interval_frequency: string | number };
  language: Language;
}) {
  const t = useTexts();
  return (
    <>
      {t.quantityPrice(subscription.quantity, formatMoney(subscription.price, subscription.presentment_currency))}
      {" · "}
      {t.every(Number(subscription.order_interval_frequency), subscription.order_interval_unit)}
      {subscription.next_charge_scheduled_at ? (
        <>
          <br />
          {t.nextCharge(formatDay(subscription.next_charge_scheduled_at, language))}
        </>
      ) : null}
    </>
  );
}
