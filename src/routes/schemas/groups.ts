import { z } from 'zod';
import '../../openapi/registry';
import { dataSecuritySchema } from '../../services/security/security-config';
import { idSchema, permissionCodeSchema } from './users';

const permissionList = z.array(permissionCodeSchema).max(100);
const idList = z.array(idSchema).max(10000);
const name = z.string().trim().min(1).max(200);
const description = z.string().max(2000);

export const groupSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    permissions: z.array(permissionCodeSchema),
    userIds: z.array(z.string()),
    users: z.array(z.object({ id: z.string(), username: z.string() })),
    createdAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Group', {
    example: {
      id: '3',
      name: 'Analysts',
      description: 'Read and export data',
      permissions: ['CYPHER_QUERIES', 'EXPORT_DATA'],
      userIds: ['42'],
      users: [{ id: '42', username: 'jnovak' }],
      createdAt: '2026-11-20T09:15:00.000Z',
    },
  });

export const GROUP_EXAMPLE = {
  id: '3',
  name: 'Analysts',
  description: 'Read and export data',
  permissions: ['CYPHER_QUERIES', 'EXPORT_DATA'],
  userIds: ['42'],
  users: [{ id: '42', username: 'jnovak' }],
  createdAt: '2026-11-20T09:15:00.000Z',
};

export const createGroupBody = z
  .object({ name, description: description.optional(), permissions: permissionList.optional(), userIds: idList.optional() })
  .strict()
  .openapi('GroupCreate', { description: 'The name must be unique, ignoring case (409 GROUP_NAME_TAKEN).' });

export const CREATE_GROUP_EXAMPLE = {
  name: 'Analysts',
  description: 'Read and export data',
  permissions: ['CYPHER_QUERIES', 'EXPORT_DATA'],
  userIds: ['42'],
};

export const groupCreatedSchema = z
  .object({ name: z.string(), id: z.string() })
  .openapi('GroupCreated', { example: { name: 'Analysts', id: '3' } });

export const updateGroupBody = z
  .object({ name, description: description.optional(), permissions: permissionList.optional(), userIds: idList.optional() })
  .strict()
  .openapi('GroupUpdate', { description: 'Permissions and members are replaced when given and kept when absent.' });

export const UPDATE_GROUP_EXAMPLE = {
  name: 'Analysts (CZ)',
  description: 'Czech analysts',
  permissions: ['EXPORT_DATA'],
  userIds: ['42', '43'],
};

export const groupPermissionsBody = z.object({ groupId: idSchema, permissions: permissionList }).strict().openapi('GroupPermissionsSet');

export const groupUsersBody = z.object({ userIds: idList }).strict().openapi('GroupUsersSet');

export const groupInfoSchema = z
  .object({ id: z.string(), name: z.string() })
  .openapi('GroupInfo', { example: { id: '3', name: 'Analysts' } });

export const groupDataSecuritySchema = z
  .object({ id: z.string(), name: z.string(), dataSecurity: dataSecuritySchema })
  .openapi('GroupDataSecurity', {
    example: {
      id: '3',
      name: 'Analysts',
      dataSecurity: {
        rules: [{ label: 'Person', filter: { property: 'country', operator: '=', value: 'CZ' }, description: 'Czech people only' }],
      },
    },
  });
