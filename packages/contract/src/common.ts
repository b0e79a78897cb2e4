import { z } from "zod";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "./constants";

/** E-mail addresses are compared and stored trimmed and lower-cased. */
export const emailSchema = z
  .string({ error: "E-mail is required" })
  .trim()
  .min(1, "E-mail is required")
  .max(EMAIL_MAX_LENGTH, "E-mail is too long")
  .pipe(z.email({ error: "Enter a valid e-mail address" }))
  .transform((email) => email.toLowerCase());

export const idSchema = z.uuid({ error: "Not a valid id" });

export const personNameSchema = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(NAME_MAX_LENGTH, `Name can be at most ${NAME_MAX_LENGTH} characters`);

export const roleSchema = z.enum(["admin", "agent"]);
export type Role = z.infer<typeof roleSchema>;
