/** A wa.me link that opens WhatsApp with the team's number and a message ready to send; null without a number. */
export function whatsAppLink(number: string | null, text: string): string | null {
  const digits = number?.replace(/\D/g, "");
  return digits ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : null;
}
