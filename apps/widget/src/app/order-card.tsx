import { safeHttpURL } from "@harbor/contract/answer-links";
import { formatDay } from "@harbor/contract/dates";
import { fulfillmentDisplay } from "@harbor/contract/fulfillment-display";
import type { OrderCard as Order, OrderItem } from "@harbor/contract/message-data";
import type { Language } from "../i18n/pick-language";
import { useTexts } from "../i18n/texts";

function Items({ items }: { items: OrderItem[] }) {
  return (
    <ul className="items">
      {items.map((item, index) => {
        const image = safeHttpURL(item.imageSrc);
        return (
          // Items carry no id and never move.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index}>
            {image ? <img src={image} alt="" /> : null}
            <span dir="auto">{item.variantTitle ? `${item.title} · ${item.variantTitle}` : item.title}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** An order the AI looked up (spec part 1 §3): payment, each shipment with tracking, processing items, refunds. */
export function OrderCard({
  card,
  language,
  onManage,
}: {
  card: Order;
  language: Language;
  /** Offered under an order in the chat when the shop's portal is on: its tracking form, number filled in. */
  onManage?(orderName: string): void;
}) {
  const t = useTexts();
  const { order } = card;
  const processingItems = card.processingItems ?? [];
  const refundedItems = (card.refunds ?? []).flatMap((refund) => refund.products ?? []);
  return (
    <section className="card" aria-label={t.order(order.name)}>
      <h3>{t.order(order.name)}</h3>
      {order.createdAt ? <p>{t.ordered(formatDay(order.createdAt, language))}</p> : null}
      {order.financialStatus ? (
        <p>{t.payment(t.paymentStatus[order.financialStatus] ?? order.financialStatus.replaceAll("_", " "))}</p>
      ) : null}
      {(card.fulfillments ?? []).map((fulfillment, index) => {
        const tracking = safeHttpURL(fulfillment.trackingURL);
        const status = fulfillmentDisplay(fulfillment);
        return (
          // Shipments carry no id and never move.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={index} className="ship">
            <p>
              <b>{t.shipment(index + 1)}</b> <span className={`tag ${status}`}>{t.fulfillment[status]}</span>
            </p>
            {fulfillment.company ? <p dir="auto">{t.carrier(fulfillment.company)}</p> : null}
            {tracking ? (
              <a className="btn" href={tracking} target="_blank" rel="noopener noreferrer">
                {fulfillment.trackingNumber ? t.trackNumber(fulfillment.trackingNumber) : t.track}
                <span className="sr">{t.opensInNewTab}</span>
              </a>
            ) : null}
            <Items items={fulfillment.items ?? []} />
          </div>
        );
      })}
      {processingItems.length > 0 ? (
        <div className="ship">
          <p>
            <span className="tag processing">{t.fulfillment.processing}</span> {t.processingText}
          </p>
          <Items items={processingItems} />
        </div>
      ) : null}
      {refundedItems.length > 0 ? (
        <div className="ship">
          <span className="tag refund">{t.fulfillment.refund}</span>
          <Items items={refundedItems} />
        </div>
      ) : null}
      {onManage ? (
        <button type="button" className="btn" onClick={() => onManage(order.name)}>
          {t.manageOrder}
        </button>
      ) : null}
    </section>
  );
}
