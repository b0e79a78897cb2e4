import type { VisitorLanguage } from "@harbor/contract/ai-agent";
import { composeMail } from "../../platform/mail-layout";

const WORDING: Record<
  VisitorLanguage,
  { subject(code: string): string; heading(order: string): string; body(minutes: number): string; footer: string }
> = {
  en: {
    subject: (code) => `Your code to see your order: ${code}`,
    heading: (order) => `Your order ${order}`,
    body: (minutes) => `Enter this code in the chat to see and manage your order. It expires in ${minutes} minutes.`,
    footer: "If you did not ask for this, you can ignore this e-mail.",
  },
  nl: {
    subject: (code) => `Je code om je bestelling te bekijken: ${code}`,
    heading: (order) => `Je bestelling ${order}`,
    body: (minutes) =>
      `Vul deze code in de chat in om je bestelling te bekijken en te beheren. Hij verloopt over ${minutes} minuten.`,
    footer: "Heb je hier niet om gevraagd? Dan kun je deze e-mail negeren.",
  },
  he: {
    subject: (code) => `הקוד שלכם לצפייה בהזמנה: ${code}`,
    heading: (order) => `ההזמנה שלכם ${order}`,
    body: (minutes) => `הזינו את הקוד הזה בצ׳אט כדי לראות ולנהל את ההזמנה. הקוד יפוג בעוד ${minutes} דקות.`,
    footer: "אם לא ביקשתם זאת, אפשר להתעלם מהודעה זו.",
  },
};

/** The e-mail one-time code for an order (the portal's e-mail OTP, decision 040), in the visitor's language. */
export function orderCodeMail(options: {
  to: string;
  code: string;
  orderName: string;
  language: VisitorLanguage;
  minutes: number;
}) {
  const words = WORDING[options.language];
  return composeMail({
    to: options.to,
    subject: words.subject(options.code),
    heading: words.heading(options.orderName),
    paragraphs: [words.body(options.minutes)],
    code: options.code,
    footer: words.footer,
  });
}
