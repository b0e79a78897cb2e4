import { type StaffNamespace, staffRoom } from "./realtime-hub";

/**
 * Rooms that say whom a /staff socket speaks for, beside the company room it listens in: one per
 * session and one per membership. Access is withdrawn by room, so with the Redis adapter a logout
 * on node A closes the socket that lives on node B (socket.io's disconnectSockets crosses nodes).
 */
export const staffSessionRoom = (tokenHash: string) => `session:${tokenHash}`;
export const staffMemberRoom = (member: { companyId: string; userId: string }) =>
  `member:${member.companyId}:${member.userId}`;

/**
 * Closes the live inbox of whoever lost (or changed) their access. A closed socket is not told
 * why: the dashboard reconnects after a server-side close, and the handshake reads the session
 * again, so a changed role or workspace comes back re-scoped and a revoked one is refused.
 */
export function createStaffAccess(staff: StaffNamespace) {
  return {
    /** Signed out, or the session now points at another workspace. */
    endSession(tokenHash: string) {
      staff.in(staffSessionRoom(tokenHash)).disconnectSockets(true);
    },
    /** Removed from the company, or their role or name there changed. */
    endMembership(member: { companyId: string; userId: string }) {
      staff.in(staffMemberRoom(member)).disconnectSockets(true);
    },
    /** The company is gone. */
    endCompany(companyId: string) {
      staff.in(staffRoom(companyId)).disconnectSockets(true);
    },
  };
}

export type StaffAccess = ReturnType<typeof createStaffAccess>;
