import type { PermissionCode } from '../auth/permissions';

/**
 * Who acts: the signed-in user as services and the auth layer see it. A leaf of its own (not in
 * context.ts) so that the credential cache, which holds these, and the context, which holds the
 * cache, do not import each other.
 */
export interface AuthenticatedUser {
  id: string;
  username: string;
  name: string;
  email: string;
  locale: string;
  mustChangePassword: boolean;
  permissions: ReadonlySet<PermissionCode>;
  groupIds: readonly string[];
}

export type AuthMethod = 'session' | 'basic' | 'token';
