import { safeHttpURL } from "@harbor/contract/answer-links";
import { FRAME_CLOSE } from "@harbor/contract/widget-frame";
import { useTexts } from "../i18n/texts";
import { isEmbedded, tellHost } from "./frame-bridge";
import { Icon } from "./icon";

/** The panel's top bar: back (when there is somewhere to go back to), who is talking, and close. */
export function WidgetHeader({
  title,
  subtitle,
  pictureURL,
  isLive,
  onBack,
}: {
  title: string;
  subtitle?: string;
  /** Changes of the title and subtitle are read out (who answers, the connection). */
  isLive?: boolean;
  pictureURL?: string | null;
  onBack?(): void;
}) {
  const t = useTexts();
  const picture = safeHttpURL(pictureURL);
  return (
    <header className="hd">
      {onBack ? (
        <button type="button" className="ib" onClick={onBack} aria-label={t.back}>
          <Icon name="back" />
        </button>
      ) : null}
      {picture ? <img className="av" src={picture} alt="" /> : null}
      <div className="grow" aria-live={isLive ? "polite" : undefined}>
        {title ? <h1 tabIndex={-1}>{title}</h1> : null}
        {subtitle ? <p>{subtitle}</p> : null}
      </div>
      {isEmbedded() ? (
        <button type="button" className="ib" onClick={() => tellHost({ type: FRAME_CLOSE })} aria-label={t.close}>
          <Icon name="close" />
        </button>
      ) : null}
    </header>
  );
}
