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

/**
 * An invitation waiting for the signed-in user: a workspace they may join or decline. Nothing of
 * the workspace is theirs until they accept.
 */
export const pendingInvitationSchema = z.object({
  invitationID: idSchema,
  companyID: idSchema,
  companyName: z.string(),
  logoURL: z.string().nullable(),
  role: roleSchema,
  /** The inviting admin, by the name that workspace knows them by (null once they left). */
  inviterName: z.string().nullable(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

export const currentUserSchema = z.object({
  userID: idSchema,
  email: z.string(),
  /** The user's own name: no workspace can change it (each keeps its own name for its member). */
  name: z.string(),
  /** Role in the selected company; null until a company is selected. */
  role: roleSchema.nullable(),
  companies: z.array(companySummarySchema),
  hasMultipleCompanies: z.boolean(),
  isPlatformAdmin: z.boolean(),
  invitations: z.array(pendingInvitationSchema),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const getUserResponseSchema = z.object({
  user: currentUserSchema,
  company: companySchema.nullable(),
});
export type GetUserResponse = z.infer<typeof getUserResponseSchema>;

/** `invited`: asked to join, not yet accepted; such an entry's `_id` is the invitation's. */
export const memberStatusSchema = z.enum(["active", "invited"]);
export type MemberStatus = z.infer<typeof memberStatusSchema>;

/**
 * A row of the team list. `name` is the name this workspace knows the person by (what its admins
 * gave when inviting or editing them), never the one they gave themselves elsewhere.
 */
export const teamMemberSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  status: memberStatusSchema,
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

/** POST /api/user/invitation/accept and /decline (paths not in the spec, in its style). */
export const invitationRequestSchema = z.object({ invitationID: idSchema });
export type InvitationRequest = z.infer<typeof invitationRequestSchema>;
