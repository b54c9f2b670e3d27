import { z } from 'zod';
import '../../openapi/registry';
import type { PermissionCode } from '../../auth/permissions';
import { PERMISSION_CODES } from '../../auth/permissions';
import { filterSchema } from '../../services/security/security-config';

/** Database ids are digit strings (int8 as text); anything else in a path is 400. */
export const idSchema = z
  .string()
  .regex(/^[1-9]\d{0,17}$/, 'must be a numeric id')
  .openapi({ example: '42' });

export const idParams = z.object({ id: idSchema.openapi({ param: { name: 'id', in: 'path' }, example: '42' }) });

export const permissionCodeSchema = z
  .enum(PERMISSION_CODES as [PermissionCode, ...PermissionCode[]])
  .openapi('PermissionCode', { description: 'An application permission code (GET /permissions lists them).', example: 'EXPORT_DATA' });

const permissionList = z.array(permissionCodeSchema).max(PERMISSION_CODES.length * 2);
const idList = z.array(idSchema).max(10000);

export const groupRefSchema = z
  .object({ id: z.string(), name: z.string() })
  .openapi('GroupRef', { example: { id: '3', name: 'Analysts' } });

const userExample = {
  id: '42',
  username: 'jnovak',
  name: 'Jana Nováková',
  email: 'jana.novakova@example.com',
  locale: 'cs',
  enabled: true,
  deleted: false,
  mustChangePassword: false,
  permissions: ['EXPORT_DATA'],
  effectivePermissions: ['CYPHER_QUERIES', 'EXPORT_DATA'],
  groups: [{ id: '3', name: 'Analysts' }],
  createdAt: '2026-11-20T09:15:00.000Z',
  lastLoginAt: '2026-11-21T07:58:12.000Z',
};

export const userSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    name: z.string(),
    email: z.string(),
    locale: z.string(),
    enabled: z.boolean(),
    deleted: z.boolean(),
    mustChangePassword: z.boolean(),
    permissions: z.array(permissionCodeSchema).openapi({ description: 'Permissions held directly' }),
    effectivePermissions: z.array(permissionCodeSchema).openapi({ description: 'Permissions held directly or through a group' }),
    groups: z.array(groupRefSchema),
    createdAt: z.string().openapi({ format: 'date-time' }),
    lastLoginAt: z.string().nullable().openapi({ format: 'date-time' }),
  })
  .openapi('User', { example: userExample });

export const USER_EXAMPLE = userExample;

const username = z
  .string()
  .min(1)
  .max(100)
  // eslint-disable-next-line no-control-regex -- control characters are what the pattern keeps out of a username
  .regex(/^[^\s\x00-\x1f\x7f:"'<>\\/]+$/, 'no spaces, control characters or : " \' < > \\ /');
const name = z.string().trim().max(200);
const email = z.union([z.literal(''), z.email().max(320)]);
const locale = z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'a language tag such as en or cs-CZ');
const password = z.string().min(1).max(1000);

export const createUserBody = z
  .object({
    username,
    name: name.optional(),
    email: email.optional(),
    locale: locale.optional(),
    password,
    permissions: permissionList.default([]),
    groupIds: idList.default([]),
  })
  .strict()
  .openapi('UserCreate', {
    description: 'The password must have at least auth.passwordMinLength characters (422 PASSWORD_POLICY otherwise).',
  });

export const CREATE_USER_EXAMPLE = {
  username: 'jnovak',
  name: 'Jana Nováková',
  email: 'jana.novakova@example.com',
  locale: 'cs',
  password: 'a-long-initial-passphrase',
  permissions: ['EXPORT_DATA'],
  groupIds: ['3'],
};

export const updateUserBody = z
  .object({ permissions: permissionList, groupIds: idList, name: name.optional(), email: email.optional(), locale: locale.optional() })
  .strict()
  .openapi('UserUpdate', { description: 'Replaces the direct permissions and the groups; name, email and locale change when given.' });

export const UPDATE_USER_EXAMPLE = {
  permissions: ['EXPORT_DATA', 'CYPHER_QUERIES'],
  groupIds: ['3', '5'],
  email: 'jana.novakova@example.com',
};

export const groupIdsBody = z.object({ groupIds: idList }).strict().openapi('UserGroupsSet');

export const setPasswordBody = z
  .object({
    password,
    mustChangePassword: z
      .boolean()
      .optional()
      .openapi({ description: 'Require the user to change it at the next sign-in (default false)' }),
  })
  .strict()
  .openapi('UserPasswordSet');

export const userInfoSchema = z
  .object({ id: z.string(), username: z.string() })
  .openapi('UserInfo', { example: { id: '42', username: 'jnovak' } });

export const relatedUserSchema = z
  .object({ id: z.string(), username: z.string(), name: z.string() })
  .openapi('RelatedUser', { example: { id: '43', username: 'pdvorak', name: 'Petr Dvořák' } });

const ruleSchema = z.object({
  label: z.string().optional(),
  type: z.string().optional(),
  filter: filterSchema,
  description: z.string().optional(),
});

export const userDataSecuritySchema = z
  .object({ userId: z.string(), username: z.string(), dataSecurity: z.object({ rules: z.array(ruleSchema) }) })
  .openapi('UserDataSecurity', {
    description:
      "The dataSecurity of the user's groups merged: a label's rule applies only when every group restricts that label; its filter is the OR of the groups' filters.",
    example: {
      userId: '42',
      username: 'jnovak',
      dataSecurity: { rules: [{ label: 'Person', filter: { property: 'country', operator: '=', value: 'CZ' } }] },
    },
  });

export const effectiveEntitySecuritySchema = z
  .object({ nodeFilter: filterSchema.nullable(), relationshipFilter: filterSchema.nullable() })
  .openapi('EffectiveEntitySecurity', {
    description: "OR of the groups' filters; null = unrestricted (no groups, or some group sets no filter).",
    example: { nodeFilter: { or: [{ label: 'Person' }, { label: 'Company' }] }, relationshipFilter: null },
  });

const effectiveRule = z.object({ enabled: z.array(z.string()).optional(), disabled: z.array(z.string()).optional() });

export const effectivePropertySecuritySchema = z
  .object({ nodes: z.record(z.string(), effectiveRule), relationships: z.record(z.string(), effectiveRule) })
  .openapi('EffectivePropertySecurity', {
    description:
      'Union over the groups per label (nodes) and type (relationships): a property is visible when any group shows it. "*" applies to all.',
    example: { nodes: { '*': { disabled: ['ssn'] }, Person: { enabled: ['city', 'name', 'uid'] } }, relationships: {} },
  });
