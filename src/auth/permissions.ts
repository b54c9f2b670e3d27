/** The named application permissions. Codes are stable API values; names are for people. */
export const PERMISSIONS = {
  READ_ALL_DATA: { name: 'Read all data', description: 'Read every node, relationship and property; bypasses group data security.' },
  EXPORT_DATA: { name: 'Export data', description: 'Export graph data (CSV) and visualization images.' },
  DATA_MANAGEMENT: { name: 'Data management', description: 'Create, update and delete nodes and relationships; import files.' },
  CYPHER_QUERIES: { name: 'Cypher queries', description: 'Run graph queries through /data/cypher.' },
  SHARE_VISUALIZATION: { name: 'Share visualization', description: 'Share own visualizations with users and groups one is related to.' },
  SHARE_VISUALIZATION_WITH_EVERYONE: {
    name: 'Share visualization with everyone',
    description: 'Share own visualizations with any user or group.',
  },
  VIEW_ALL_VISUALIZATIONS: { name: 'View all visualizations', description: 'See every visualization, whoever owns it.' },
  USER_MANAGEMENT: { name: 'User management', description: 'Create, update, disable and delete users and groups.' },
  GRANT_ALL_PERMISSIONS: {
    name: 'Grant all permissions',
    description: 'Grant any permission and manage any user or group, including administrators.',
  },
  SETTINGS_MANAGEMENT: {
    name: 'Settings management',
    description: 'Change application settings, schema indexes, the fulltext index, logo, icons and license.',
  },
  JOBS_MANAGEMENT: { name: 'Jobs management', description: 'Create, change, start and delete jobs.' },
  ACL_DATA_MANAGEMENT: { name: 'ACL data management', description: "Edit groups' entitySecurity, propertySecurity and dataSecurity." },
  AUDIT_LOG: { name: 'Audit log', description: 'Read and export the audit trail.' },
  API_DOCUMENTATION: {
    name: 'API Documentation and testing',
    description: 'Open the API tester. It executes live calls that change data: assign with great caution.',
  },
} as const satisfies Record<string, { name: string; description: string }>;

export type PermissionCode = keyof typeof PERMISSIONS;
export const PERMISSION_CODES = Object.keys(PERMISSIONS) as PermissionCode[];

export function isPermissionCode(value: string): value is PermissionCode {
  return Object.prototype.hasOwnProperty.call(PERMISSIONS, value);
}
