import type { Knex } from 'knex';
import { UNRESTRICTED } from '../../graph/graph-store';
import { AppError, BadRequestError, UnprocessableError, UnsupportedMediaTypeError, ValidationError } from '../../errors';
import type { ServiceContext } from '../../core/context';
import { withDb } from '../../core/context';
import { audit } from '../audit/audit-service';
import type { AutomaticInput } from './setting-type';
import type { AllSettings, SettingType, SettingValues } from './registry';
import { assertSettingType, definitionOf, SETTING_TYPES } from './registry';
import type { WriteMode } from './data-schema-validation';
import { assertDataSchema } from './data-schema-validation';
import type { UploadedFile } from './zip';
import { readJsonZip, writeZip } from './zip';

/** Elements sampled (nodes and relationships each) for the automatic variants. */
export const AUTOMATIC_SAMPLE_SIZE = 1000;
export const MAX_AUTOMATIC_SAMPLE_SIZE = 10000;

interface SettingRow {
  type: string;
  value: unknown;
}

function issuesOf(error: { issues: Array<{ path: PropertyKey[]; message: string }> }, prefix: string) {
  return error.issues.map((issue) => ({ path: [prefix, ...issue.path.map(String)].join('.'), message: issue.message }));
}

/**
 * Application settings (spec 4.12): one JSON value per type in the settings table; a missing row
 * (or a stored value that no longer validates) reads as the type's default. Writes are validated
 * with the type's zod schema and audited in the same transaction.
 */
export class SettingsService {
  constructor(private readonly ctx: ServiceContext) {}

  static readonly types = SETTING_TYPES;

  /** The stored value of one type, or its default. Unknown type: 404 SETTING_TYPE_NOT_FOUND. */
  async get<T extends SettingType>(type: T): Promise<SettingValues[T]>;
  async get(type: string): Promise<unknown>;
  async get(type: string): Promise<unknown> {
    const known = assertSettingType(type);
    const row = (await this.ctx.db('settings').where({ type: known }).first()) as SettingRow | undefined;
    return this.fromRow(known, row);
  }

  /** Every setting type with its current value. */
  async getAll(): Promise<AllSettings> {
    const rows = (await this.ctx.db('settings').whereIn('type', SETTING_TYPES)) as SettingRow[];
    const byType = new Map(rows.map((r) => [r.type, r]));
    return Object.fromEntries(SETTING_TYPES.map((type) => [type, this.fromRow(type, byType.get(type))])) as AllSettings;
  }

  /** Validates (400 VALIDATION_FAILED with issues), stores and audits one setting; returns the stored value. */
  async put<T extends SettingType>(type: T, value: unknown, options?: { auditAction?: string }): Promise<SettingValues[T]>;
  async put(type: string, value: unknown, options?: { auditAction?: string }): Promise<unknown>;
  async put(type: string, value: unknown, options: { auditAction?: string } = {}): Promise<unknown> {
    const known = assertSettingType(type);
    const clean = this.validate(known, value, 'body');
    await this.transaction(async (ctx) => {
      await this.store(ctx.db, known, clean);
      await audit(ctx, {
        action: options.auditAction ?? 'settings.update',
        targetType: 'setting',
        targetId: known,
        details: { type: known, value: auditValue(clean) },
      });
    });
    return clean;
  }

  /** The default value of one type (not stored). */
  defaultOf<T extends SettingType>(type: T): SettingValues[T];
  defaultOf(type: string): unknown;
  defaultOf(type: string): unknown {
    return definitionOf(assertSettingType(type)).defaultValue();
  }

  /** The automatic value of one type, computed from a sample of the data (not stored). */
  async automaticOf<T extends SettingType>(type: T, sampleSize?: number): Promise<SettingValues[T]>;
  async automaticOf(type: string, sampleSize?: number): Promise<unknown>;
  async automaticOf(type: string, sampleSize = AUTOMATIC_SAMPLE_SIZE): Promise<unknown> {
    const known = assertSettingType(type);
    return this.computeAutomatic(known, await this.automaticInput(sampleSize));
  }

  /** Stores the default of every type (GET /settings/default); returns all settings. */
  async resetAllToDefault(): Promise<AllSettings> {
    const values = Object.fromEntries(SETTING_TYPES.map((type) => [type, definitionOf(type).defaultValue()])) as AllSettings;
    await this.storeAll(values, 'settings.reset', { variant: 'default' });
    return values;
  }

  /** Stores the automatic variant of every type (GET /settings/automatic); returns all settings. */
  async resetAllToAutomatic(sampleSize = AUTOMATIC_SAMPLE_SIZE): Promise<AllSettings> {
    // The graph is read before the transaction opens (PGlite has a single connection).
    const input = await this.automaticInput(sampleSize);
    const values = Object.fromEntries(SETTING_TYPES.map((type) => [type, this.computeAutomatic(type, input)])) as AllSettings;
    await this.storeAll(values, 'settings.reset', { variant: 'automatic', sampleSize });
    return values;
  }

  /** A zip with one <TYPE>.json per setting type. */
  async exportZip(): Promise<Buffer> {
    const all = await this.getAll();
    return writeZip(
      SETTING_TYPES.map((type) => ({ name: `${type}.json`, content: Buffer.from(JSON.stringify(all[type], null, 2) + '\n', 'utf8') })),
    );
  }

  /**
   * Imports settings files: each name must be <TYPE>.json for a known type (422 SETTINGS_FILE_NAME),
   * each content valid JSON (400 INVALID_JSON) that validates (400 VALIDATION_FAILED). All files
   * are checked first, then stored in one transaction: all or nothing. Returns the imported types.
   */
  async importFiles(files: UploadedFile[]): Promise<SettingType[]> {
    if (files.length === 0) throw new BadRequestError('No settings file was uploaded', 'FILE_REQUIRED');
    const values = new Map<SettingType, unknown>();
    for (const file of files) {
      const match = /^(.+)\.json$/.exec(file.name);
      const type = match?.[1];
      if (!type || !SETTING_TYPES.includes(type as SettingType)) {
        throw new UnprocessableError(
          `The file name ${JSON.stringify(file.name).slice(0, 200)} is not a setting type with the .json suffix (one of ${SETTING_TYPES.map((t) => `${t}.json`).join(', ')})`,
          'SETTINGS_FILE_NAME',
          { file: file.name.slice(0, 200) },
        );
      }
      const known = type as SettingType;
      if (values.has(known))
        throw new UnprocessableError(`The file ${file.name} is given twice`, 'SETTINGS_FILE_NAME', { file: file.name });
      let parsed: unknown;
      try {
        parsed = JSON.parse(file.content.toString('utf8').replace(/^\uFEFF/, ''));
      } catch {
        throw new BadRequestError(`The file ${file.name} is not valid JSON`, 'INVALID_JSON', { file: file.name });
      }
      values.set(known, this.validate(known, parsed, file.name));
    }
    const types = [...values.keys()];
    await this.transaction(async (ctx) => {
      for (const [type, value] of values) await this.store(ctx.db, type, value);
      await audit(ctx, { action: 'settings.import', targetType: 'setting', targetId: types.join(','), details: { types } });
    });
    return types;
  }

  /**
   * Imports one upload: a zip (read with the configured entry count and size limits, see
   * zip.ts) or a single .json file. Anything else: 415.
   */
  async importUpload(file: { originalname: string; buffer: Buffer; mimetype?: string }): Promise<SettingType[]> {
    const name = String(file.originalname ?? '');
    const isZipMagic = file.buffer.length >= 4 && file.buffer.readUInt32LE(0) === 0x04034b50;
    if (/\.zip$/i.test(name) || (isZipMagic && !/\.json$/i.test(name))) {
      if (!isZipMagic) throw new UnsupportedMediaTypeError('The .zip file is not a zip archive');
      const { maxZipEntries, maxUnzippedBytes } = this.ctx.deps.config.uploads;
      return this.importFiles(readJsonZip(file.buffer, { maxEntries: maxZipEntries, maxUnzippedBytes }));
    }
    if (/\.json$/i.test(name)) {
      if (
        file.mimetype &&
        !/^(application\/json|text\/json|text\/plain|application\/octet-stream)$/i.test(file.mimetype.split(';')[0].trim())
      ) {
        throw new UnsupportedMediaTypeError(`A .json file was sent as ${file.mimetype}`);
      }
      return this.importFiles([{ name, content: file.buffer }]);
    }
    throw new UnsupportedMediaTypeError('Upload a .zip archive of settings files or one <TYPE>.json file');
  }

  /** Enforces DATA_SCHEMA input restrictions on a node write: 422 DATA_SCHEMA_VIOLATION with the property. */
  async validateNodeWrite(labels: string[], properties: Record<string, unknown>, mode: WriteMode): Promise<void> {
    assertDataSchema(await this.get('DATA_SCHEMA'), 'node', labels, properties, mode);
  }

  /** Enforces DATA_SCHEMA input restrictions on a relationship write: 422 DATA_SCHEMA_VIOLATION with the property. */
  async validateRelationshipWrite(type: string, properties: Record<string, unknown>, mode: WriteMode): Promise<void> {
    assertDataSchema(await this.get('DATA_SCHEMA'), 'relationship', [type], properties, mode);
  }

  // ------------------------------------------------------------------------------------------

  private fromRow(type: SettingType, row: SettingRow | undefined): unknown {
    const definition = definitionOf(type);
    if (!row) return definition.defaultValue();
    const parsed = definition.schema.safeParse(row.value);
    if (parsed.success) return parsed.data;
    this.ctx.deps.logger.warn({ type, issue: parsed.error.issues[0]?.message }, 'stored setting does not validate; using the default');
    return definition.defaultValue();
  }

  private validate(type: SettingType, value: unknown, where: string): unknown {
    const parsed = definitionOf(type).schema.safeParse(value);
    if (!parsed.success) {
      throw new ValidationError(`Invalid ${type}: ${parsed.error.issues[0]?.message ?? 'invalid'}`, issuesOf(parsed.error, where));
    }
    return parsed.data;
  }

  private computeAutomatic(type: SettingType, input: AutomaticInput): unknown {
    const definition = definitionOf(type);
    const parsed = definition.schema.safeParse(definition.automatic(input));
    if (!parsed.success)
      throw new AppError(500, 'AUTOMATIC_SETTING_INVALID', `The automatic ${type} does not validate: ${parsed.error.issues[0]?.message}`);
    return parsed.data;
  }

  private async automaticInput(sampleSize: number): Promise<AutomaticInput> {
    const size = Math.min(Math.max(1, Math.floor(sampleSize) || AUTOMATIC_SAMPLE_SIZE), MAX_AUTOMATIC_SAMPLE_SIZE);
    const graph = this.ctx.deps.graph;
    const [sample, labels, types, keys] = [
      await graph.sample(size, UNRESTRICTED),
      await graph.labels(UNRESTRICTED),
      await graph.relationshipTypes(UNRESTRICTED),
      await graph.propertyKeys(UNRESTRICTED),
    ];
    return { sample, labels, types, keys };
  }

  private async store(db: Knex, type: SettingType, value: unknown): Promise<void> {
    await db('settings')
      .insert({ type, value: JSON.stringify(value), updated_at: db.fn.now(), updated_by: this.ctx.user?.id ?? null })
      .onConflict('type')
      .merge(['value', 'updated_at', 'updated_by']);
  }

  private async storeAll(values: AllSettings, action: string, details: Record<string, unknown>): Promise<void> {
    await this.transaction(async (ctx) => {
      for (const type of SETTING_TYPES) await this.store(ctx.db, type, values[type]);
      await audit(ctx, { action, targetType: 'setting', targetId: null, details: { ...details, types: SETTING_TYPES } });
    });
  }

  private async transaction<R>(work: (ctx: ServiceContext) => Promise<R>): Promise<R> {
    if ((this.ctx.db as Knex.Transaction).isTransaction) return work(this.ctx);
    return this.ctx.db.transaction((trx) => work(withDb(this.ctx, trx)));
  }
}

/** The value in audit details when small; otherwise only its size. */
function auditValue(value: unknown): unknown {
  const json = JSON.stringify(value);
  return json.length <= 8000 ? value : { omitted: true, bytes: json.length };
}
