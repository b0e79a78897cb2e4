import { useEffect, useMemo, useState } from "react";
import { type Catalogue, en } from "../i18n/en";
import { pickLanguage } from "../i18n/pick-language";
import { loadCatalogue, TextsContext } from "../i18n/texts";
import { ChatWidget, type WidgetBoot } from "./chat-widget";
import { ErrorScreen } from "./error-screen";
import { createVisitorStorage } from "./visitor-storage";
import { widgetApi } from "./widget-api";

type Loaded = { boot: WidgetBoot; texts: Catalogue };

/**
 * The iframe's app: loads the widget's settings with this visitor's token, picks the language
 * (the widget's, else the browser's), applies the theme, and lays Hebrew out right to left.
 */
export function WidgetApp({ widgetID }: { widgetID: string }) {
  const storage = useMemo(() => createVisitorStorage(widgetID), [widgetID]);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [hasFailed, setHasFailed] = useState(false);
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
      .catch(() => {
        if (isCurrent) setHasFailed(true);
      });
    return () => {
      isCurrent = false;
    };
  }, [widgetID, storage, attempt]);

  const language = loaded?.boot.language ?? "en";
  useEffect(() => {
    document.documentElement.lang = language;
    document.documentElement.dir = language === "he" ? "rtl" : "ltr";
  }, [language]);

  if (!loaded) {
    return (
      <div className="w">
        {hasFailed ? (
          <ErrorScreen onRestart={() => setAttempt((count) => count + 1)} />
        ) : (
          <div className="bd center" aria-busy="true">
            <span className="spin" />
            <span className="sr">{en.loading}</span>
          </div>
        )}
      </div>
    );
  }

  const { theme } = loaded.boot.widget;
  const colors = {
    "--brand": theme.brand.brandColor,
    "--me-bg": theme.chatBubble.customer.backgroundColor,
    "--me-fg": theme.chatBubble.customer.textColor,
    "--ai-bg": theme.chatBubble.aiAgent.backgroundColor,
    "--ai-fg": theme.chatBubble.aiAgent.textColor,
  } as React.CSSProperties;

  return (
    <TextsContext.Provider value={loaded.texts}>
      <div className="w" dir={language === "he" ? "rtl" : "ltr"} lang={language} style={colors}>
        <ChatWidget
          key={attempt}
          boot={loaded.boot}
          storage={storage}
          onReboot={() => {
            setLoaded(null);
            setAttempt((count) => count + 1);
          }}
        />
      </div>
    </TextsContext.Provider>
  );
}
