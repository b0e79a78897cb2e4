import type { GetUserResponse, NewTeamMember, TeamMember } from "@harbor/contract/user";
import { AppError } from "../../platform/errors";
import type { Mailer } from "../../platform/mailer";
import { type CompanyAuth, type RequestAuth, toRole } from "../../platform/session";
import type { CompaniesRepository } from "../companies/companies.module";
import { toCompanyDto, toCompanySummary } from "../companies/companies.module";
import { invitationMail } from "./users.mail";
import { AlreadyMemberError, type UsersRepository } from "./users.repository";

type Logger = { error(obj: object, msg: string): void };

const memberNotFound = () => new AppError("NOT_FOUND", "This user is not in your team.");

export function createUsersService(deps: {
  users: UsersRepository;
  companies: CompaniesRepository;
  mailer: Mailer;
  publicUrl: string;
  platformAdmins: ReadonlySet<string>;
  log: Logger;
}) {
  /** A member another admin may change: exists in this company, is not an admin, is not you. */
  async function findEditableMember(auth: CompanyAuth, userId: string, verb: "edit" | "remove") {
    const member = await deps.users.findMember({ companyId: auth.companyId, userId });
    if (!member) throw memberNotFound();
    if (userId === auth.userId) throw new AppError("BAD_REQUEST", `You can't ${verb} yourself.`);
    if (toRole(member.role) === "admin")
      throw new AppError("FORBIDDEN", `Admins can't be ${verb === "edit" ? "edited" : "removed"}.`);
    return member;
  }

  return {
    async getCurrentUser(auth: RequestAuth): Promise<GetUserResponse> {
      const companies = await deps.companies.listForUser(auth.userId);
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
        },
        company: company ? toCompanyDto(company) : null,
      };
    },

    async listTeam(auth: CompanyAuth): Promise<TeamMember[]> {
      const team = await deps.users.listTeam(auth.companyId);
      return team.map((member) => ({ ...member, role: toRole(member.role) }));
    },

    async addUsers(auth: CompanyAuth, people: NewTeamMember[]): Promise<TeamMember[]> {
      const emails = people.map((person) => person.email);
      const repeated = emails.find((email, index) => emails.indexOf(email) !== index);
      if (repeated) throw new AppError("BAD_REQUEST", `${repeated} is listed twice.`);
      let added: TeamMember[];
      try {
        added = (await deps.users.addMembers({ companyId: auth.companyId, members: people })).map((member) => ({
          ...member,
          role: toRole(member.role),
        }));
      } catch (error) {
        if (error instanceof AlreadyMemberError) {
          throw new AppError("CONFLICT", `${error.email} is already in your team.`);
        }
        throw error;
      }
      const company = await deps.companies.findById(auth.companyId);
      // The members are saved; a mail server hiccup is logged rather than undoing the invitation.
      await Promise.all(
        added.map((member) =>
          deps.mailer
            .send(
              invitationMail({
                to: member.email,
                inviterName: auth.name,
                companyName: company?.name ?? "your team",
                signInUrl: `${deps.publicUrl}/sign-in`,
              }),
            )
            .catch((error: unknown) => deps.log.error({ err: error, userId: member._id }, "invitation mail failed")),
        ),
      );
      return added;
    },

    async updateUser(auth: CompanyAuth, change: { userID: string; name: string; role: TeamMember["role"] }) {
      await findEditableMember(auth, change.userID, "edit");
      await deps.users.updateMember({
        companyId: auth.companyId,
        userId: change.userID,
        name: change.name,
        role: change.role,
      });
      const updated = await deps.users.findMember({ companyId: auth.companyId, userId: change.userID });
      if (!updated) throw memberNotFound();
      return { ...updated, role: toRole(updated.role) };
    },

    async deleteUser(auth: CompanyAuth, userId: string) {
      const member = await findEditableMember(auth, userId, "remove");
      await deps.users.removeMember({ companyId: auth.companyId, userId });
      return { ...member, role: toRole(member.role) };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
