import { WIDGET_IMAGE_MAX_BYTES, WIDGET_IMAGE_TYPES } from "@harbor/contract/widget";
import { texts } from "../../lib/texts";

const t = texts.chatWidget.picture;

/** What is wrong with a picked picture for the widget, or null when it can be uploaded as it is. */
export function widgetPictureProblem(file: File): string | null {
  if (!(WIDGET_IMAGE_TYPES as readonly string[]).includes(file.type)) return t.wrongType;
  if (file.size > WIDGET_IMAGE_MAX_BYTES) return t.tooLarge;
  return null;
}
