import { z } from 'zod';
import { registry } from '../../openapi/registry';
import { JOB_TYPES, JOB_TYPE_NAMES } from '../../services/jobs/types';
import { JOB_NAME_PATTERN, RESERVED_JOB_NAMES } from '../../services/jobs/job-service';
import { RUN_STATES } from '../../services/jobs/job-views';

const typeList = JOB_TYPES.map(
  (t) => `- \`${t.type}\` (${t.title}): ${t.description} Example configuration: \`${JSON.stringify(t.example)}\``,
).join('\n');

export const jobNameSchema = z
  .string()
  .regex(JOB_NAME_PATTERN, "a job name has 1 to 100 letters, digits, '.', '_' or '-' and starts with a letter or digit")
  .refine((name) => !RESERVED_JOB_NAMES.includes(name.toLowerCase()), {
    message: 'this name is reserved for a fixed route (GET /jobs/list is a page)',
  })
  .openapi({ description: `Unique (ignoring case); ${RESERVED_JOB_NAMES.join(', ')} is reserved.`, example: 'nightly-export' });

export const jobNameParams = z.object({
  name: z.string().min(1).max(100).openapi({ description: 'The job name', example: 'nightly-export' }),
});

// Each type's configuration schema is a component (JobConfig_<type>); the request field stays a
// plain object at the edge, because which schema applies depends on the type (checked on save).
for (const t of JOB_TYPES)
  registry.register(`JobConfig_${t.type}`, t.configSchema.openapi({ description: `${t.title}: ${t.description}`, example: t.example }));
const configSchema = z.record(z.string(), z.unknown()).openapi({
  description: `The configuration of the job's type, validated on save:\n${typeList}`,
  example: JOB_TYPES[4].example as Record<string, unknown>,
  anyOf: JOB_TYPES.map((t) => ({ $ref: `#/components/schemas/JobConfig_${t.type}` })),
});
const scheduleSchema = z.string().max(200).nullable().openapi({
  description:
    'Cron schedule with seconds: "second minute hour day-of-month month day-of-week", e.g. "0 0 2 * * *" (02:00 daily). null = only started by hand.',
  example: '0 0 2 * * *',
});
const timeZoneSchema = z.string().max(100).nullable().openapi({
  description: 'IANA time zone the schedule is read in; null = the service default (jobs.timeZone).',
  example: 'Europe/Prague',
});

export const createJobBody = z
  .object({
    name: jobNameSchema,
    type: z.enum(JOB_TYPE_NAMES),
    description: z.string().max(2000).optional(),
    config: configSchema.optional(),
    schedule: scheduleSchema.optional(),
    timeZone: timeZoneSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .strict();

export const updateJobBody = z
  .object({
    type: z.enum(JOB_TYPE_NAMES).optional(),
    description: z.string().max(2000).optional(),
    config: configSchema.optional(),
    schedule: scheduleSchema.optional(),
    timeZone: timeZoneSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .strict();

/** What a reader who does not hold the rights a job runs with sees instead of its configuration or a run's result. */
export const redactedSchema = z
  .object({ redacted: z.literal(true) })
  .strict()
  .openapi('JobRedacted', {
    description:
      "Shown instead of a job's configuration and its runs' results to a reader who does not hold the rights the job runs with (its run-as user's data access): only that user and readers whose access covers it (unrestricted graph access, or the same or wider labels and types with the same row and property rules) see them. The run's log and counters are then empty and its error a fixed sentence.",
    example: { redacted: true },
  });

const logLineSchema = z.object({ at: z.string(), level: z.enum(['info', 'warn', 'error']), message: z.string() });

export const jobRunSchema = z
  .object({
    id: z.string(),
    job: z.string(),
    state: z.enum(RUN_STATES as [string, ...string[]]),
    trigger: z.enum(['schedule', 'manual']),
    scheduledFor: z.string().nullable(),
    requestedBy: z.string().nullable(),
    queuedAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    durationMs: z.number().nullable(),
    instance: z.string().nullable().openapi({ description: 'The service instance that ran (or runs) it' }),
    cancelRequested: z.boolean(),
    counters: z.record(z.string(), z.number()),
    log: z.array(logLineSchema).openapi({ description: 'Bounded (jobs.maxLogLines): the first and the latest lines' }),
    error: z.string().nullable(),
    result: z
      .union([redactedSchema, z.record(z.string(), z.unknown())])
      .nullable()
      .openapi({
        description:
          'What the run produced (e.g. the new matches of an alert), or {"redacted": true} for a reader who does not hold the rights the job runs with',
      }),
  })
  .openapi('JobRun');

const userRef = z.object({ id: z.string(), username: z.string() }).nullable();

export const jobSchema = z
  .object({
    name: z.string(),
    type: z.string(),
    description: z.string(),
    config: z.union([redactedSchema, z.record(z.string(), z.unknown())]).openapi({
      description: 'The configuration of its type, or {"redacted": true} for a reader who does not hold the rights the job runs with',
    }),
    schedule: z.string().nullable(),
    timeZone: z.string().nullable(),
    effectiveTimeZone: z.string(),
    enabled: z.boolean(),
    nextRunAt: z.string().nullable(),
    lastRun: jobRunSchema.nullable(),
    createdBy: userRef,
    runAs: userRef.openapi({ description: 'Runs act with the rights of the user who last saved the type or configuration' }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Job');

export const historyQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  state: z.enum(RUN_STATES as [string, ...string[]]).optional(),
});

export const RUN_EXAMPLE = {
  id: '17',
  job: 'nightly-export',
  state: 'succeeded',
  trigger: 'schedule',
  scheduledFor: '2026-11-23T01:00:00.000Z',
  requestedBy: null,
  queuedAt: '2026-11-23T01:00:00.120Z',
  startedAt: '2026-11-23T01:00:00.180Z',
  finishedAt: '2026-11-23T01:00:02.410Z',
  durationMs: 2230,
  instance: 'gas-1:4711:3f2a9c1e',
  cancelRequested: false,
  counters: { rows: 1520 },
  log: [
    { at: '2026-11-23T01:00:00.180Z', level: 'info', message: 'started on gas-1:4711:3f2a9c1e (scheduled)' },
    { at: '2026-11-23T01:00:02.400Z', level: 'info', message: 'wrote 1520 node(s) to companies/cz.csv' },
    { at: '2026-11-23T01:00:02.410Z', level: 'info', message: 'finished' },
  ],
  error: null,
  result: { file: 'companies/cz.csv', rows: 1520 },
};

export const CREATE_JOB_EXAMPLE = {
  name: 'nightly-export',
  type: 'export',
  description: 'Czech companies for the reporting system',
  config: JOB_TYPES.find((t) => t.type === 'export')!.example,
  schedule: '0 0 2 * * *',
  timeZone: 'Europe/Prague',
  enabled: true,
};

export const JOB_EXAMPLE = {
  ...CREATE_JOB_EXAMPLE,
  effectiveTimeZone: 'Europe/Prague',
  nextRunAt: '2026-11-24T01:00:00.000Z',
  lastRun: RUN_EXAMPLE,
  createdBy: { id: '1', username: 'admin' },
  runAs: { id: '1', username: 'admin' },
  createdAt: '2026-11-20T09:12:00.000Z',
  updatedAt: '2026-11-20T09:12:00.000Z',
};
