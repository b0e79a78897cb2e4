import { z } from "zod";
import { emailSchema, idSchema, personNameSchema, roleSchema } from "./common";

export const companySummarySchema = z.object({
  companyID: idSchema,
  name: z.string(),
  logoURL: z.string().nullable(),
});
export type CompanySummary = z.infer<typeof companySummarySchema>;

export const subscriptionStatusSchema = z.enum(["active", "trialing", "past_due", "canceled"]);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const companySchema = z.object({
  _id: idSchema,
  name: z.string(),
  logoURL: z.string().nullable(),
  subscription: z.object({ status: subscriptionStatusSchema }),
  /** Set once onboarding's demo content exists; the onboarding screen waits for it. */
  isDemoContentReady: z.boolean(),
  createdAt: z.string(),
});
export type Company = z.infer<typeof companySchema>;

export const currentUserSchema = z.object({
  userID: idSchema,
  email: z.string(),
  name: z.string(),
  /** Role in the selected company; null until a company is selected. */
  role: roleSchema.nullable(),
  companies: z.array(companySummarySchema),
  hasMultipleCompanies: z.boolean(),
  isPlatformAdmin: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const getUserResponseSchema = z.object({
  user: currentUserSchema,
  company: companySchema.nullable(),
});
export type GetUserResponse = z.infer<typeof getUserResponseSchema>;

export const teamMemberSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const newTeamMemberSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  role: roleSchema,
});
export type NewTeamMember = z.infer<typeof newTeamMemberSchema>;

export const addUsersRequestSchema = z.object({
  users: z.array(newTeamMemberSchema).min(1, "Add at least one user").max(50, "Add at most 50 users at once"),
});
export type AddUsersRequest = z.infer<typeof addUsersRequestSchema>;

export const updateUserRequestSchema = z.object({
  userID: idSchema,
  name: personNameSchema,
  role: roleSchema,
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

export const deleteUserRequestSchema = z.object({ userID: idSchema });
export type DeleteUserRequest = z.infer<typeof deleteUserRequestSchema>;

export const teamListSchema = z.array(teamMemberSchema);
export type TeamList = z.infer<typeof teamListSchema>;
