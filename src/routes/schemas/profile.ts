import { z } from 'zod';
import '../../openapi/registry';
import { LOCALE_CODES } from '../../services/profile/locales';
import { sessionUserSchema } from './session-user';

/** The session user (GET /session) plus the account's dates. */
export const profileSchema = sessionUserSchema.extend({
  passwordChangedAt: z.string(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});

export const profileExample = {
  id: '7',
  username: 'jdoe',
  name: 'Jane Doe',
  email: 'jane.doe@example.com',
  locale: 'en',
  mustChangePassword: false,
  permissions: ['EXPORT_DATA', 'READ_ALL_DATA'],
  groupIds: ['2'],
  passwordChangedAt: '2026-11-20T09:00:00.000Z',
  lastLoginAt: '2026-11-21T08:15:00.000Z',
  createdAt: '2026-11-01T12:00:00.000Z',
};

export const profileUpdateBody = z.object({
  name: z.string().trim().max(200).openapi({ description: 'Display name', example: 'Jane Doe' }),
  email: z
    .union([z.email().max(320), z.literal('')])
    .openapi({ description: 'E-mail address (used for password reset links); empty for none', example: 'jane.doe@example.com' }),
  locale: z.enum(LOCALE_CODES).openapi({ description: 'One of GET /profile/locales', example: 'en' }),
});

export const localeSchema = z.object({ code: z.string(), name: z.string(), nativeName: z.string() });

export const passwordChangeBody = z.object({
  currentPassword: z.string().min(1).max(1000).openapi({ example: 'my-old-password' }),
  newPassword: z.string().min(1).max(1000).openapi({
    description: 'At least auth.passwordMinLength characters (422 PASSWORD_POLICY otherwise)',
    example: 'correct horse battery staple',
  }),
});

export const passwordChangeResult = z.object({
  changed: z.literal(true),
  endedSessions: z.number().int().openapi({ description: 'How many other sessions of the user were ended' }),
});

export const tokenIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,18}$/, 'A token id is a number')
    .openapi({ example: '12' }),
});

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().openapi({ description: 'The first characters of the token, to recognise it' }),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  expired: z.boolean(),
});

export const apiTokenExample = {
  id: '12',
  name: 'nightly export',
  prefix: 'gas_Q3vZ',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: '2027-02-18T10:00:00.000Z',
  expired: false,
};

export const apiTokenCreateBody = z.object({
  name: z.string().trim().min(1).max(100).openapi({ description: 'What the token is for', example: 'nightly export' }),
  expiresInDays: z
    .number()
    .int()
    .min(1)
    .max(3650)
    .optional()
    .openapi({ description: 'Lifetime in days; without it the token does not expire', example: 90 }),
});

export const createdApiTokenSchema = apiTokenSchema.extend({
  token: z.string().openapi({ description: 'The secret token. Shown only in this response: store it now.' }),
});

export const SETTING_TYPE_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
const settingType = z.string().regex(SETTING_TYPE_PATTERN, "A type is 1-64 letters, digits, '_', '.' or '-', starting with a letter");

export const userSettingBody = z.object({
  type: settingType.openapi({ example: 'graphView' }),
  value: z.record(z.string(), z.unknown()).openapi({ description: 'Any JSON object', example: { layout: 'force', showLabels: true } }),
});

export const userSettingParams = z.object({ type: settingType.openapi({ example: 'graphView' }) });

export const userSettingSchema = z.object({
  type: z.string(),
  value: z.record(z.string(), z.unknown()),
  updatedAt: z.string(),
});

export const userSettingExample = {
  type: 'graphView',
  value: { layout: 'force', showLabels: true },
  updatedAt: '2026-11-20T10:00:00.000Z',
};
