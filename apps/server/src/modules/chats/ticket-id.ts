import { randomInt } from "node:crypto";

/** No 0/O, 1/I/L or U/V look-alikes, so a ticket ID read out over the phone is typed right. */
const TICKET_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
const TICKET_LENGTH = 6;

/** A random ticket ID: 30^6 ≈ 729 million codes, so a collision within one company is rare and retried. */
export function generateTicketId(): string {
  let code = "";
  for (let i = 0; i < TICKET_LENGTH; i++) code += TICKET_ALPHABET[randomInt(TICKET_ALPHABET.length)];
  return code;
}

/** Ticket IDs are stored upper-case; people type them any way (and sometimes with a leading #). */
export const normaliseTicketId = (input: string) => input.trim().replace(/^#/, "").toUpperCase();
