import { NotFoundError } from '../../errors';
import type { SettingDefinition } from './setting-type';
import type { DataTypes } from './data-types';
import { dataTypes } from './data-types';
import type { DataSchema } from './data-schema';
import { dataSchema } from './data-schema';
import type { FulltextIndexSetting } from './fulltext-index';
import { fulltextIndex } from './fulltext-index';
import type { Appearance } from './appearance';
import { appearance } from './appearance';

/** Every application setting type; one file each. */
export const SETTING_DEFINITIONS = {
  DATA_TYPES: dataTypes,
  DATA_SCHEMA: dataSchema,
  FULLTEXT_INDEX: fulltextIndex,
  APPEARANCE: appearance,
} as const satisfies Record<string, SettingDefinition>;

export type SettingType = keyof typeof SETTING_DEFINITIONS;

export interface SettingValues {
  DATA_TYPES: DataTypes;
  DATA_SCHEMA: DataSchema;
  FULLTEXT_INDEX: FulltextIndexSetting;
  APPEARANCE: Appearance;
}

export type AllSettings = { [T in SettingType]: SettingValues[T] };

export const SETTING_TYPES = Object.keys(SETTING_DEFINITIONS) as SettingType[];

export function isSettingType(type: string): type is SettingType {
  return Object.prototype.hasOwnProperty.call(SETTING_DEFINITIONS, type);
}

export function assertSettingType(type: string): SettingType {
  if (!isSettingType(type)) throw new NotFoundError(`Setting type ${JSON.stringify(String(type).slice(0, 64))}`, 'SETTING_TYPE_NOT_FOUND');
  return type;
}

export function definitionOf(type: SettingType): SettingDefinition {
  return SETTING_DEFINITIONS[type];
}
