import type { Role } from "@harbor/contract/common";
import type {
  CompanySummary,
  GetUserResponse,
  NewTeamMember,
  PendingInvitation,
  TeamMember,
} from "@harbor/contract/user";
import { AppError } from "../../platform/errors";
import type { Mailer } from "../../platform/mailer";
import type { StaffAccess } from "../../platform/realtime/staff-access";
import { type CompanyAuth, type RequestAuth, toRole } from "../../platform/session";
import type { CompaniesRepository } from "../companies/companies.module";
import { toCompanyDto, toCompanySummary } from "../companies/companies.module";
import { invitationMail } from "./users.mail";
import { AlreadyInvitedError, AlreadyMemberError, type UsersRepository } from "./users.repository";

type Logger = { error(obj: object, msg: string): void };
type Row = { _id: string; name: string; email: string; role: string };

const memberNotFound = () => new AppError("NOT_FOUND", "This user is not in your team.");
const invitationGone = () => new AppError("NOT_FOUND", "This invitation no longer exists.");

const asMember = (row: Row): TeamMember => ({ ...row, role: toRole(row.role), status: "active" });
const asInvited = (row: Row): TeamMember => ({ ...row, role: toRole(row.role), status: "invited" });

/**
 * The team (spec part 2 §2.5, §7 "Users") with issue #12's consent: adding someone sends an
 * invitation they accept or decline, and each workspace names its members for itself. An admin
 * learns nothing of an address beyond what they typed: not whether it has an account, nor the
 * name its owner uses (decision 025-invitations-and-member-names).
 */
export function createUsersService(deps: {
  users: UsersRepository;
  companies: CompaniesRepository;
  mailer: Mailer;
  publicUrl: string;
  platformAdmins: ReadonlySet<string>;
  log: Logger;
  staffAccess: Pick<StaffAccess, "endMembership">;
}) {
  /**
   * A team entry another admin may change: a member of this company who is not an admin and not
   * you, or an invitation of this company. Answers which it is.
   */
  async function findEditable(auth: CompanyAuth, id: string, verb: "edit" | "remove") {
    const member = await deps.users.findMember({ companyId: auth.companyId, userId: id });
    if (member) {
      if (id === auth.userId) throw new AppError("BAD_REQUEST", `You can't ${verb} yourself.`);
      if (toRole(member.role) === "admin")
        throw new AppError("FORBIDDEN", `Admins can't be ${verb === "edit" ? "edited" : "removed"}.`);
      return asMember(member);
    }
    const invitation = await deps.users.findInvitation({ companyId: auth.companyId, invitationId: id });
    if (invitation) return asInvited(invitation);
    throw memberNotFound();
  }

  async function sendInvitation(auth: CompanyAuth, invited: TeamMember, companyName: string) {
    const hasAccount = (await deps.users.findByEmail(invited.email)) !== null;
    await deps.mailer.send(
      invitationMail({
        to: invited.email,
        inviterName: auth.displayName,
        companyName,
        role: invited.role,
        hasAccount,
        publicUrl: deps.publicUrl,
      }),
    );
  }

  return {
    async getCurrentUser(auth: RequestAuth): Promise<GetUserResponse> {
      const [companies, invitations] = await Promise.all([
        deps.companies.listForUser(auth.userId),
        deps.users.listInvitationsFor(auth.email),
      ]);
      const company = auth.companyId ? await deps.companies.findById(auth.companyId) : null;
      return {
        user: {
          userID: auth.userId,
          email: auth.email,
          name: auth.name,
          role: auth.role,
          companies: companies.map(toCompanySummary),
          hasMultipleCompanies: companies.length > 1,
          isPlatformAdmin: deps.platformAdmins.has(auth.email),
          invitations: invitations.map(
            (invitation): PendingInvitation => ({ ...invitation, role: toRole(invitation.role) }),
          ),
        },
        company: company ? toCompanyDto(company) : null,
      };
    },

    /** Members and waiting invitations together, by name as the table shows them. */
    async listTeam(auth: CompanyAuth): Promise<TeamMember[]> {
      const [members, invited] = await Promise.all([
        deps.users.listMembers(auth.companyId),
        deps.users.listInvitations(auth.companyId),
      ]);
      return [...members.map(asMember), ...invited.map(asInvited)].sort(
        (a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email),
      );
    },

    /** Invites each person; the answer is what the admin typed, whether or not the address has an account. */
    async addUsers(auth: CompanyAuth, people: NewTeamMember[]): Promise<TeamMember[]> {
      const emails = people.map((person) => person.email);
      const repeated = emails.find((email, index) => emails.indexOf(email) !== index);
      if (repeated) throw new AppError("BAD_REQUEST", `${repeated} is listed twice.`);
      let invited: TeamMember[];
      try {
        invited = (await deps.users.invite({ companyId: auth.companyId, invitedByUserId: auth.userId, people })).map(
          asInvited,
        );
      } catch (error) {
        if (error instanceof AlreadyMemberError) {
          throw new AppError("CONFLICT", `${error.email} is already in your team.`);
        }
        if (error instanceof AlreadyInvitedError) {
          throw new AppError("CONFLICT", `${error.email} is already invited.`);
        }
        throw error;
      }
      const company = await deps.companies.findById(auth.companyId);
      // The invitations are saved; a mail server hiccup is logged rather than undoing them.
      await Promise.all(
        invited.map((entry) =>
          sendInvitation(auth, entry, company?.name ?? "your team").catch((error: unknown) =>
            deps.log.error({ err: error, invitationId: entry._id }, "invitation mail failed"),
          ),
        ),
      );
      return invited;
    },

    /** Renames the member (or invitee) in this workspace only, and sets their role here. */
    async updateUser(auth: CompanyAuth, change: { userID: string; name: string; role: Role }): Promise<TeamMember> {
      const entry = await findEditable(auth, change.userID, "edit");
      if (entry.status === "active") {
        await deps.users.updateMember({
          companyId: auth.companyId,
          userId: change.userID,
          displayName: change.name,
          role: change.role,
        });
        // Their live inbox reconnects with the new role and name (typing shows the name).
        deps.staffAccess.endMembership({ companyId: auth.companyId, userId: change.userID });
        const updated = await deps.users.findMember({ companyId: auth.companyId, userId: change.userID });
        if (!updated) throw memberNotFound();
        return asMember(updated);
      }
      await deps.users.updateInvitation({
        companyId: auth.companyId,
        invitationId: change.userID,
        displayName: change.name,
        role: change.role,
      });
      const updated = await deps.users.findInvitation({ companyId: auth.companyId, invitationId: change.userID });
      if (!updated) throw memberNotFound();
      return asInvited(updated);
    },

    /** Removes a member from this workspace, or withdraws an invitation. */
    async deleteUser(auth: CompanyAuth, id: string): Promise<TeamMember> {
      const entry = await findEditable(auth, id, "remove");
      if (entry.status === "active") {
        await deps.users.removeMember({ companyId: auth.companyId, userId: id });
        deps.staffAccess.endMembership({ companyId: auth.companyId, userId: id });
      } else await deps.users.deleteInvitation({ companyId: auth.companyId, invitationId: id });
      return entry;
    },

    /** The invitee joins: only the signed-in owner of the invited address can. */
    async acceptInvitation(auth: RequestAuth, invitationId: string): Promise<CompanySummary> {
      const company = await deps.users.acceptInvitation({ invitationId, userId: auth.userId, email: auth.email });
      if (!company) throw invitationGone();
      return toCompanySummary(company);
    },

    async declineInvitation(auth: RequestAuth, invitationId: string) {
      if (!(await deps.users.declineInvitation({ invitationId, email: auth.email }))) throw invitationGone();
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
