import { safeHttpURL } from "@harbor/contract/answer-links";
import type { Language } from "../i18n/pick-language";
import { useTexts } from "../i18n/texts";
import { formatDay, formatMoney } from "./format";
import type { Subscription } from "./message-data";

/** The visitor's subscriptions (spec part 1 §9): quantity x price, and "Every {n} {unit}". */
export function SubscriptionList({ subscriptions, language }: { subscriptions: Subscription[]; language: Language }) {
  const t = useTexts();
  return (
    <ul className="card items" aria-label={t.subscriptions}>
      {subscriptions.map((subscription, index) => {
        const image = safeHttpURL(subscription.image);
        return (
          // Subscriptions in a message carry no id and never move.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index}>
            {image ? <img src={image} alt="" /> : null}
            <span>
              <b dir="auto">{subscription.title}</b>
              {subscription.variant ? <span dir="auto"> · {subscription.variant}</span> : null}
              <br />
              {t.quantityPrice(subscription.quantity, formatMoney(subscription.price, subscription.currency))}
              {" · "}
              {t.every(subscription.frequency, subscription.unit)}
              {subscription.nextCharge ? (
                <>
                  <br />
                  {t.nextCharge(formatDay(subscription.nextCharge, language))}
                </>
              ) : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
