import { FRAME_CLOSE } from "@harbor/contract/widget-frame";
import { useTexts } from "../i18n/texts";
import { isEmbedded, tellHost } from "./frame-bridge";
import { Icon } from "./icon";
import { safeHttpURL } from "./safe-links";

/** The panel's top bar: back (when there is somewhere to go back to), who is talking, and close. */
export function WidgetHeader({
  title,
  subtitle,
  pictureURL,
  onBack,
}: {
  title: string;
  subtitle?: string;
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
      <div className="grow">
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
