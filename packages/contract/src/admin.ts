import { z } from "zod";
import { idSchema } from "./common";

const optionalText = (max: number) => z.string().trim().max(max).optional();

/** Payload of the platform admin's add-company page (spec part 2 §3, "Add-company payload"). */
export const addCompanyRequestSchema = z.object({
  name: z.string({ error: "Company name is required" }).trim().min(1, "Company name is required").max(120),
  url: z
    .string({ error: "Website URL is required" })
    .trim()
    .min(1, "Website URL is required")
    .pipe(z.url({ protocol: /^https?$/, error: "Enter a website URL starting with http:// or https://" })),
  currency: z
    .string({ error: "Currency is required" })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "Currency is a three-letter code such as EUR"),
  documents: z.array(z.string().trim().max(2000)).max(500).optional(),
  documentSelector: optionalText(500),
  blogURL: z.union([z.literal(""), z.url({ protocol: /^https?$/ })]).optional(),
  additionalDataSelector: optionalText(500),
  descriptionDelimiter: optionalText(200),
  chunkSelectors: z.array(z.string().trim().max(500)).max(50).optional(),
  suggestedQuestions: z.array(z.string().trim().max(500)).max(50).optional(),
});
export type AddCompanyRequest = z.infer<typeof addCompanyRequestSchema>;

export const addCompanyResponseSchema = z.object({ companyID: idSchema, name: z.string() });
export type AddCompanyResponse = z.infer<typeof addCompanyResponseSchema>;

export const deleteCompanyRequestSchema = z.object({ companyID: idSchema });
export type DeleteCompanyRequest = z.infer<typeof deleteCompanyRequestSchema>;
