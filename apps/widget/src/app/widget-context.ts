import type { PublicWidget } from "@harbor/contract/widget";
import type { VisitorIdentity } from "@harbor/contract/widget-frame";
import { createContext, useContext } from "react";
import type { Language } from "../i18n/pick-language";

export type WidgetEnvironment = {
  widget: PublicWidget;
  language: Language;
  /** What the shop told about the visitor (`Harbor.identify`): forms start filled in. */
  identity: VisitorIdentity;
  /** The shop's own chat app could not open on its page (handoff.js, decision 067): the chat stays here. */
  isPageAppFailed?: boolean;
};

export const WidgetContext = createContext<WidgetEnvironment | null>(null);

/** The widget's settings, the visitor's language and identity, for any screen below the widget. */
export function useWidget(): WidgetEnvironment {
  const environment = useContext(WidgetContext);
  if (!environment) throw new Error("useWidget needs a WidgetContext provider");
  return environment;
}
