import type { RealtimeHub } from "../../platform/realtime/realtime-hub";
import { visitorWidgetRoom } from "../../platform/realtime/realtime-hub";
import type { VisitorAnswers } from "./visitor-answers";

/** What a visitor whose widget was switched off is told (the widget shows its own words for it). */
export const WIDGET_CLOSED_MESSAGE = "This chat has been closed by the shop.";
/** Between nodes only: the widget was switched off, stop its answers here too. */
const SWITCHED_OFF = "widget-switched-off";

/**
 * A widget switched off ends the chats of the visitors connected to it, politely: each is told
 * (`widget-closed`), the answers being written for them stop, and their sockets close. The
 * handshake refuses them from then on (visitor-scope.ts). An answer runs on the node that took
 * the question, so in the scaled mode the other nodes hear of it through Redis.
 */
export function createWidgetSwitchOff(deps: {
  realtime: Pick<RealtimeHub, "visitors" | "isScaled">;
  answers: VisitorAnswers;
}) {
  const { visitors } = deps.realtime;
  visitors.on(SWITCHED_OFF, (widgetId: unknown) => {
    if (typeof widgetId === "string") deps.answers.stopWidget(widgetId);
  });

  return {
    switchedOff(widgetId: string) {
      deps.answers.stopWidget(widgetId);
      if (deps.realtime.isScaled) visitors.serverSideEmit(SWITCHED_OFF, widgetId);
      const room = visitorWidgetRoom(widgetId);
      visitors.to(room).emit("widget-closed", { message: WIDGET_CLOSED_MESSAGE });
      // The close waits for what is queued to go out first, so the notice arrives before it.
      visitors.in(room).disconnectSockets(true);
    },
  };
}
