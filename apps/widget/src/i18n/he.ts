import type { Catalogue } from "./en";

/**
 * A name, address or number set into a Hebrew sentence, isolated (first strong isolate … pop) so
 * its own direction never pulls the sentence's punctuation across it ("dana@example.com." in a
 * right-to-left line keeps its full stop at the sentence's end).
 */
const isolate = (value: string) => `\u2068${value}\u2069`;

/**
 * Hebrew. Same keys as en.ts. Addressed in the plural (as Hebrew interfaces usually are, so no
 * gender is assumed); the visitor's own words use the "צריך/ה" form. Laid out right to left.
 */
export const he: Catalogue = {
  close: "סגירה",
  back: "חזרה",
  send: "שליחה",
  cancel: "ביטול",
  loading: "טוען…",
  onlineAiExpert: "מחובר - מומחה AI",

  greetingTitle: "שלום 👋",
  greetingText: "איך נוכל לעזור לכם היום?",
  askPlaceholder: "שאלו שאלה…",
  continueChat: "המשך הצ'אט",
  commonQuestions: "שאלות נפוצות",
  trackOrder: "מעקב אחר ההזמנה",
  trackOrderText: "בדקו איפה ההזמנה שלכם",
  trackOrderQuestion: "איפה ההזמנה שלי?",
  manageOrders: "ניהול ההזמנות",
  manageOrdersText: "שינוי או ביטול של הזמנה",
  manageOrdersQuestion: "אני רוצה לשנות או לבטל את ההזמנה שלי.",
  awayTitle: "אנחנו לא זמינים כרגע",
  awayText: "השאירו כאן את השאלה ונחזור אליכם, או פנו לנציג בהמשך.",

  yourMessage: "ההודעה שלכם",
  answeredByAi: "נענה על ידי AI",
  quotedEnglish: "מתוך דף העזרה שלנו באנגלית",
  yesterday: "אתמול",
  sending: "שולח…",
  notSent: "לא נשלח.",
  retry: "לנסות שוב",
  notSentShort: "לא נשלח",
  connecting: "מתחבר…",
  reconnecting: "לא מחובר – מתחבר מחדש…",
  teamMember: "נציג מהצוות",
  ourTeam: "הצוות שלנו",
  personWillReply: "נציג מהצוות יענה לכם כאן",
  replyByEmail: "נענה לכם באימייל",
  understandingQuestion: "מבין את השאלה",
  writingResponse: "כותב תשובה",
  stopAnswer: "עצירת התשובה",
  agentTyping: (name) => `${isolate(name)} מקליד/ה…`,
  typingNudge: "עדיין מקלידים? לחצו על שליחה כשתסיימו.",
  attachFiles: "צירוף קבצים",
  removeFile: (name) => `הסרת ${isolate(name)}`,
  fileTooLarge: "חלק מהקבצים גדולים מ-10MB",
  tooManyFiles: (max) => `אפשר לשלוח עד ${max} קבצים בבת אחת.`,
  sources: "מקורות",
  article: "מאמר",
  products: "מוצרים",
  productPicture: (title) => `תמונה של ${title}`,
  opensInNewTab: "(נפתח בכרטיסייה חדשה)",
  choices: "אפשרויות",

  resolveQuestion: "האם זה פתר את השאלה שלכם?",
  resolveYes: "כן, תודה",
  resolveNeedHelp: "לא, אני צריך/ה עזרה",
  resolveTicket: "לא, אני עדיין רוצה לפתוח פנייה",
  offerLabel: "לחבר אתכם לנציג?",
  offerYes: "כן, חברו אותי",
  offerNo: "לא, תודה",
  rateChat: "איך תדרגו את הצ'אט הזה?",
  stars: (count) => (count === 1 ? "כוכב אחד" : `${count} כוכבים`),
  sendRating: "שליחת הדירוג",
  /** A file a custom reply sent. */
  openFile: "פתיחת הקובץ",
  chatEnded: "הצ'אט הסתיים.",
  startNewChat: "התחלת צ'אט חדש",
  emailTranscript: "שלחו לי את השיחה באימייל",
  transcriptSent: (email) => `שלחנו את השיחה אל ${isolate(email)}.`,

  handoffTitle: "שיחה עם נציג",
  handoffWait: "נציג מהצוות יענה לכם בצ'אט הזה.",
  handoffWhatsApp: "הצוות שלנו עונה בוואטסאפ. השאלה שלכם תצורף להודעה.",
  handoffLater: "אנחנו לא זמינים כרגע. נציג מהצוות יענה לכם בצ'אט הזה כשנחזור.",
  replyTime: (time) => `זמן תגובה רגיל: ${isolate(time)}`,
  whatsApp: "צ'אט בוואטסאפ",
  whatsAppText: (ticketID, question) => `שלום! אני צריך/ה עזרה בצ'אט ${ticketID}: ${question}`,
  whatsAppHello: "שלום! אני צריך/ה עזרה.",
  raiseTicket: "פתיחת פנייה",

  preChatTitle: "לפני שמתחילים",
  name: "שם",
  email: "אימייל",
  phone: "מספר טלפון",
  countryCode: "קידומת מדינה",
  chooseCountry: "בחרו מדינה",
  countryRequired: "בחרו את המדינה של המספר הזה",
  startChat: "התחלת הצ'אט",
  ticketIntro: "ספרו לנו במה אפשר לעזור ונחזור אליכם באימייל.",
  comments: "ההערות שלכם",
  required: "שדה חובה",
  emailRequired: "חובה להזין אימייל",
  emailInvalid: "יש להזין כתובת אימייל תקינה",
  commentsRequired: "חובה למלא את ההערות",
  phoneInvalid: "יש להזין מספר טלפון תקין",

  ticketRaised: "הפנייה נפתחה",
  ticketID: "מספר פנייה",
  summary: "סיכום",
  message: "הודעה",
  copySentTo: (email) => `עותק נשלח אל ${isolate(email)}.`,
  backToChat: "חזרה לצ'אט",

  errorTitle: "אופס, תקלה",
  errorText: "השרתים שלנו נתקלו בבעיה. כדי להמשיך, הפעילו את הצ'אט מחדש",
  restartChat: "הפעלת הצ'אט מחדש",
  closedTitle: "הצ'אט נסגר",
  closedText: "החנות סגרה את הצ'אט הזה בינתיים. נסו שוב מאוחר יותר.",

  order: (name) => `הזמנה ${isolate(name)}`,
  ordered: (date) => `הוזמנה ב-${date}`,
  payment: (status) => `תשלום: ${status}`,
  shipment: (index) => `משלוח ${index}`,
  track: "מעקב",
  trackNumber: (number) => `מעקב אחר ${isolate(number)}`,
  fulfillment: {
    processing: "בטיפול",
    shipped: "נשלחה",
    in_transit: "בדרך",
    out_for_delivery: "יצאה למסירה",
    delivered: "נמסרה",
    failed: "לא נמסרה",
    refund: "הכסף הוחזר",
  },
  processingText: "ההזמנה שלכם בטיפול. נעדכן אתכם כשהיא תישלח.",
  subscriptions: "מנויים",
  quantityPrice: (quantity, price) => `${quantity} x ${price}`,
  every: (count, unit) => {
    const forms = HEBREW_UNITS[unit.toLowerCase().replace(/s$/, "")];
    if (!forms) return `כל ${count} ${unit}`;
    return count === 1 ? `כל ${forms[0]}` : `כל ${count} ${forms[1]}`;
  },
  nextCharge: (date) => `החיוב הבא: ${date}`,
};

/** Recharge's interval units (day, week, month) in Hebrew: [one, many]. */
const HEBREW_UNITS: Record<string, [one: string, many: string]> = {
  day: ["יום", "ימים"],
  week: ["שבוע", "שבועות"],
  month: ["חודש", "חודשים"],
};
