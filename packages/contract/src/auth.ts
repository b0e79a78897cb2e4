import { z } from "zod";
import { emailSchema, idSchema } from "./common";
import { SIGN_IN_CODE_LENGTH } from "./constants";

export const registerRequestSchema = z.object({ email: emailSchema });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const getEmailOtpRequestSchema = z.object({ email: emailSchema });
export type GetEmailOtpRequest = z.infer<typeof getEmailOtpRequestSchema>;

/** Codes are upper-case letters and digits; entry is case-insensitive and ignores spaces. */
export const otpSchema = z
  .string({ error: "Code is required" })
  .transform((code) => code.replace(/\s+/g, "").toUpperCase())
  .pipe(
    z
      .string()
      .length(SIGN_IN_CODE_LENGTH, `The code has ${SIGN_IN_CODE_LENGTH} characters`)
      .regex(/^[A-Z0-9]+$/, "The code has only letters and digits"),
  );

export const validateEmailOtpRequestSchema = z.object({ email: emailSchema, otp: otpSchema });
export type ValidateEmailOtpRequest = z.infer<typeof validateEmailOtpRequestSchema>;

export const validateEmailOtpResponseSchema = z.object({
  userID: idSchema,
  email: z.string(),
  hasMultipleCompanies: z.boolean(),
  /** True when this code finished a sign-up (or the user had no workspace): the dashboard shows onboarding. */
  isNewCompany: z.boolean(),
});
export type ValidateEmailOtpResponse = z.infer<typeof validateEmailOtpResponseSchema>;

export const selectCompanyRequestSchema = z.object({
  companyID: idSchema,
  userID: idSchema.optional(),
  email: emailSchema.optional(),
});
export type SelectCompanyRequest = z.infer<typeof selectCompanyRequestSchema>;

export const toggleCompanyRequestSchema = z.object({
  companyID: idSchema,
  email: emailSchema.optional(),
});
export type ToggleCompanyRequest = z.infer<typeof toggleCompanyRequestSchema>;
