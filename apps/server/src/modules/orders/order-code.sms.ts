import type { VisitorLanguage } from "@harbor/contract/ai-agent";
import type { OutgoingSms } from "../../platform/sms-sender";

/** One short segment: the code first (phones show it in the notification), then what it is for. */
const WORDING: Record<VisitorLanguage, (code: string, order: string, minutes: number) => string> = {
  en: (code, order, minutes) =>
    `${code} is your code to see order ${order} in the chat. It expires in ${minutes} minutes. If you did not ask for it, ignore this message.`,
  nl: (code, order, minutes) =>
    `${code} is je code om bestelling ${order} in de chat te bekijken. Hij verloopt over ${minutes} minuten. Niet aangevraagd? Negeer dit bericht.`,
  he: (code, order, minutes) =>
    `${code} הוא הקוד שלכם לצפייה בהזמנה ${order} בצ׳אט. הקוד יפוג בעוד ${minutes} דקות. אם לא ביקשתם אותו, התעלמו מההודעה.`,
};

/** The phone one-time code for an order (the portal's phone OTP, decision 061), in the visitor's language. */
export function orderCodeSms(options: {
  to: string;
  code: string;
  orderName: string;
  language: VisitorLanguage;
  minutes: number;
}): OutgoingSms {
  return { to: options.to, text: WORDING[options.language](options.code, options.orderName, options.minutes) };
}
