import { z } from 'zod';
import type { AuthenticatedUser } from '../../core/authenticated-user';

export const sessionUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  locale: z.string(),
  mustChangePassword: z.boolean(),
  permissions: z.array(z.string()),
  groupIds: z.array(z.string()),
});

/** The signed-in administrator of the examples (sign-in and session answers). */
export const sessionUserExample: z.infer<typeof sessionUserSchema> = {
  id: '1',
  username: 'admin',
  name: 'Administrator',
  email: '',
  locale: 'en',
  mustChangePassword: false,
  permissions: ['USER_MANAGEMENT'],
  groupIds: [],
};

export function toSessionUser(user: AuthenticatedUser): z.infer<typeof sessionUserSchema> {
  return { ...user, permissions: [...user.permissions].sort(), groupIds: [...user.groupIds] };
}
