export * from './settings-service';
export * from './registry';
export { assertDataSchema, dataSchemaViolations } from './data-schema-validation';
export type { WriteMode, DataSchemaViolation } from './data-schema-validation';
export type { DataTypes } from './data-types';
export type { DataSchema, PropertySchema } from './data-schema';
export type { FulltextIndexSetting } from './fulltext-index';
export type { Appearance } from './appearance';
