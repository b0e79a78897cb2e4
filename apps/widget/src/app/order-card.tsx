import { safeHttpURL } from "@harbor/contract/answer-links";
import { fulfillmentDisplay } from "@harbor/contract/fulfillment-display";
import type { Language } from "../i18n/pick-language";
import { useTexts } from "../i18n/texts";
import { formatDay } from "./format";
import type { OrderCard as Order, OrderItem } from "./message-data";

function Items({ items }: { items: OrderItem[] }) {
  return (
    <ul className="items">
      {items.map((item, index) => {
        const image = safeHttpURL(item.image);
        return (
          // Items carry no id and never move.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index}>
            {image ? <img src={image} alt="" /> : null}
            <span dir="auto">{item.variant ? `${item.title} · ${item.variant}` : item.title}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** An order the AI looked up (spec part 1 §3): payment, each shipment with tracking, processing items, refunds. */
export function OrderCard({ order, language }: { order: Order; language: Language }) {
  const t = useTexts();
  return (
    <section className="card" aria-label={t.order(order.name)}>
      <h3>{t.order(order.name)}</h3>
      {order.createdAt ? <p>{t.ordered(formatDay(order.createdAt, language))}</p> : null}
      {order.financialStatus ? <p>{t.payment(order.financialStatus)}</p> : null}
      {order.fulfillments.map((fulfillment, index) => {
        const tracking = safeHttpURL(fulfillment.trackingURL);
        const status = fulfillmentDisplay(fulfillment);
        return (
          // Shipments carry no id and never move.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={index} className="ship">
            <p>
              <b>{t.shipment(index + 1)}</b> <span className={`tag ${status}`}>{t.fulfillment[status]}</span>{" "}
              {fulfillment.company}
            </p>
            {tracking ? (
              <a className="btn" href={tracking} target="_blank" rel="noopener noreferrer">
                {fulfillment.trackingNumber ? t.trackNumber(fulfillment.trackingNumber) : t.track}
                <span className="sr">{t.opensInNewTab}</span>
              </a>
            ) : null}
            <Items items={fulfillment.items} />
          </div>
        );
      })}
      {order.processingItems.length > 0 ? (
        <div className="ship">
          <p>
            <span className="tag processing">{t.fulfillment.processing}</span> {t.processingText}
          </p>
          <Items items={order.processingItems} />
        </div>
      ) : null}
      {order.refundedItems.length > 0 ? (
        <div className="ship">
          <span className="tag refund">{t.fulfillment.refund}</span>
          <Items items={order.refundedItems} />
        </div>
      ) : null}
    </section>
  );
}
