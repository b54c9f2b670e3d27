import type { AuthenticatedUser } from '../../core/authenticated-user';
import type { PermissionCode } from '../../auth/permissions';
import { ForbiddenError } from '../../errors';

/**
 * Privilege-escalation rules for user and group management. Without GRANT_ALL_PERMISSIONS an actor
 * may only hand out what they hold themselves, and may only manage users and groups that hold
 * nothing more than they do. Violations are 403 ESCALATION_DENIED naming the missing permissions.
 */
export class PermissionPolicy {
  private readonly unlimited: boolean;

  constructor(private readonly actor: Pick<AuthenticatedUser, 'permissions'>) {
    this.unlimited = actor.permissions.has('GRANT_ALL_PERMISSIONS');
  }

  /** Codes of `permissions` the actor does not hold (none for GRANT_ALL_PERMISSIONS holders). */
  missing(permissions: Iterable<PermissionCode>): PermissionCode[] {
    if (this.unlimited) return [];
    return [...new Set(permissions)].filter((code) => !this.actor.permissions.has(code)).sort();
  }

  private deny(missing: PermissionCode[], message: string, extra: Record<string, unknown> = {}): never {
    throw new ForbiddenError(`${message}: you do not hold ${missing.join(', ')}`, { permissions: missing, ...extra }, 'ESCALATION_DENIED');
  }

  /** Granting permissions to a user directly or to a group. */
  assertCanGrant(permissions: Iterable<PermissionCode>): void {
    const missing = this.missing(permissions);
    if (missing.length) this.deny(missing, 'Cannot grant permissions you do not hold');
  }

  /** Putting users into groups: each group's permissions must be the actor's too. */
  assertCanAssignGroups(groups: ReadonlyArray<{ id: string; name: string; permissions: PermissionCode[] }>): void {
    for (const group of groups) {
      const missing = this.missing(group.permissions);
      if (missing.length) this.deny(missing, `Cannot assign users to the group "${group.name}"`, { groupId: group.id });
    }
  }

  /** Updating, disabling, deleting, setting the password or the groups of a user. */
  assertCanManageUser(user: { id: string; username: string; effectivePermissions: PermissionCode[] }): void {
    const missing = this.missing(user.effectivePermissions);
    if (missing.length)
      this.deny(missing, `Cannot manage the user "${user.username}", who holds more permissions than you`, { userId: user.id });
  }

  /** Updating or deleting a group, or changing its permissions or members. */
  assertCanManageGroup(group: { id: string; name: string; permissions: PermissionCode[] }): void {
    const missing = this.missing(group.permissions);
    if (missing.length)
      this.deny(missing, `Cannot manage the group "${group.name}", which holds more permissions than you`, { groupId: group.id });
  }
}
