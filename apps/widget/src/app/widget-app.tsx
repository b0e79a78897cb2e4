import { widgetColors } from "@harbor/contract/widget-colors";
import { useEffect, useLayoutEffect, useMemo, useState } from "react";
import { type Catalogue, en } from "../i18n/en";
import { pickLanguage } from "../i18n/pick-language";
import { loadCatalogue, TextsContext } from "../i18n/texts";
import { ChatWidget, type WidgetBoot } from "./chat-widget";
import { ErrorBoundary } from "./error-boundary";
import { ErrorScreen } from "./error-screen";
import { createVisitorStorage } from "./visitor-storage";
import { WidgetApiError, widgetApi } from "./widget-api";

type Loaded = { boot: WidgetBoot; texts: Catalogue };

/**
 * The iframe's app: loads the widget's settings with this visitor's token, picks the language
 * (the widget's, else the browser's), applies the theme's colours (visitor and AI told apart, every
 * text readable: contract/widget-colors.ts), and lays Hebrew out right to left.
 */
export function WidgetApp({ widgetID }: { widgetID: string }) {
  const storage = useMemo(() => createVisitorStorage(widgetID), [widgetID]);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [hasFailed, setHasFailed] = useState(false);
  /** The server's reason when it refused on purpose (429: too many new chats from this network). */
  const [refusal, setRefusal] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for a fresh load (restart)
  useEffect(() => {
    let isCurrent = true;
    setHasFailed(false);
    // The browser's language is the likely one: its catalogue loads while the settings do.
    const likely = pickLanguage(null, navigator.languages);
    const likelyTexts = loadCatalogue(likely);
    widgetApi
      .get({ widgetID, visitorToken: storage.get().visitorToken })
      .then(async ({ widget, visitorToken, activeChatID }) => {
        storage.set({ visitorToken });
        const language = pickLanguage(widget.language, navigator.languages);
        const texts = await (language === likely ? likelyTexts : loadCatalogue(language));
        const chatID = storage.get().chatID ?? activeChatID;
        if (isCurrent) setLoaded({ boot: { widgetID, widget, language, visitorToken, chatID }, texts });
      })
      .catch((error: unknown) => {
        if (!isCurrent) return;
        setRefusal(error instanceof WidgetApiError && error.status === 429 ? error.message : null);
        setHasFailed(true);
      });
    return () => {
      isCurrent = false;
    };
  }, [widgetID, storage, attempt]);

  const language = loaded?.boot.language ?? "en";
  // A layout effect: the page's direction must be set before the first Hebrew paint, or the
  // frame flashes left to right (and a passive effect may still be pending when a reader looks).
  useLayoutEffect(() => {
    document.documentElement.lang = language;
    document.documentElement.dir = language === "he" ? "rtl" : "ltr";
  }, [language]);

  if (!loaded) {
    return (
      <div className="w">
        {hasFailed ? (
          <ErrorScreen reason={refusal} onRestart={() => setAttempt((count) => count + 1)} />
        ) : (
          <div className="bd center" aria-busy="true">
            <span className="spin" />
            <span className="sr">{en.loading}</span>
          </div>
        )}
      </div>
    );
  }

  const colors = widgetColors(loaded.boot.widget.theme);
  const style = {
    "--brand": colors.brand,
    "--on-brand": colors.onBrand,
    "--brand-ink": colors.brandInk,
    "--me-bg": colors.visitorBubble,
    "--me-fg": colors.visitorText,
    "--ai-bg": colors.aiBubble,
    "--ai-fg": colors.aiText,
  } as React.CSSProperties;

  return (
    <TextsContext.Provider value={loaded.texts}>
      <div className="w" dir={language === "he" ? "rtl" : "ltr"} lang={language} style={style}>
        <ErrorBoundary onRestart={() => location.reload()}>
          <ChatWidget
            key={attempt}
            boot={loaded.boot}
            storage={storage}
            onReboot={() => {
              setLoaded(null);
              setAttempt((count) => count + 1);
            }}
          />
        </ErrorBoundary>
      </div>
    </TextsContext.Provider>
  );
}
