import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../core/context';
import { endpoint } from '../http/endpoint';
import { JobService } from '../services/jobs/job-service';
import {
  CREATE_JOB_EXAMPLE,
  JOB_EXAMPLE,
  RUN_EXAMPLE,
  createJobBody,
  historyQuery,
  jobNameParams,
  jobRunSchema,
  jobSchema,
  updateJobBody,
} from './schemas/jobs';

const tag = 'Jobs';

/**
 * Jobs (spec 4.2). GET /jobs/list is the page (src/routes/pages.ts, mounted first), which is why
 * "list" cannot name a job. Addition to the spec: DELETE /jobs/{name}/started cancels the run.
 */
export function createJobsRouter(deps: AppDeps): Router {
  void deps;
  const router = Router();

  endpoint(
    router,
    {
      method: 'get',
      path: '/jobs',
      tag,
      access: 'JOBS_MANAGEMENT',
      summary: 'All jobs',
      description:
        'Every job with its schedule, next run and last run (state, times, counters, log). ' +
        "A job's configuration and its runs' results, logs, counters and errors are shown in full only to the user it runs as and to readers whose data access covers that user's (unrestricted, or the same or wider labels and types with the same row and property rules); others see {\"redacted\": true} instead (JobRedacted).",
      responses: { 200: { description: 'Jobs in name order', schema: z.array(jobSchema), example: [JOB_EXAMPLE] } },
    },
    ({ ctx }) => new JobService(ctx).list(),
  );

  endpoint(
    router,
    {
      method: 'post',
      path: '/jobs',
      tag,
      access: 'JOBS_MANAGEMENT',
      summary: 'Create a job',
      description:
        'Creates a job. The configuration is validated by the schema of its type, the schedule (6 cron fields, with seconds) and time zone on save (400 VALIDATION_FAILED with the issues in words). ' +
        'A job runs with the rights of the user who last saved its type or configuration: saving needs the permissions its type uses (cypher: CYPHER_QUERIES; import: DATA_MANAGEMENT; reindex: SETTINGS_MANAGEMENT; export: EXPORT_DATA), else 403. ' +
        'On the PostgreSQL backend Cypher statements run through its translation of the reading subset: one outside it fails the run (CYPHER_UNSUPPORTED, with the construct). A taken name is 409 JOB_NAME_TAKEN. ' +
        'A schedule firing more often than jobs.minIntervalMs (default one minute) is 422 JOB_SCHEDULE_TOO_FREQUENT. Audited as job.create.',
      body: { schema: createJobBody, example: CREATE_JOB_EXAMPLE },
      responses: { 201: { description: 'The created job', schema: jobSchema, example: { ...JOB_EXAMPLE, lastRun: null } } },
      errors: [409, 422],
    },
    ({ ctx, body }) => new JobService(ctx).create(body),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/jobs/{name}',
      tag,
      access: 'JOBS_MANAGEMENT',
      summary: 'One job',
      description:
        'The job identified by name (ignoring case), with its next and last run; configuration and results as in GET /jobs (redacted for a reader who does not hold the rights the job runs with).',
      params: jobNameParams,
      responses: { 200: { description: 'The job', schema: jobSchema, example: JOB_EXAMPLE } },
    },
    ({ ctx, params }) => new JobService(ctx).get(params.name),
  );

  endpoint(
    router,
    {
      method: 'put',
      path: '/jobs/{name}',
      tag,
      access: 'JOBS_MANAGEMENT',
      summary: 'Update a job',
      description:
        'Changes the given fields (type, description, config, schedule, timeZone, enabled); the whole job is validated again as on creation. ' +
        'A null schedule leaves only starts by hand; enabled=false stops the schedule (a start by hand still works). ' +
        'Changing the type or configuration makes the saving user the user the job runs as (and needs the permissions of the type); schedule, enabled and description changes keep it. ' +
        'A changed configuration forgets what an alert matched before. ' +
        "Changing the type, configuration, schedule or time zone of a job that runs as another user, or enabling it, needs that user's rights: the permissions of the type and data access covering that user's (else 403 JOB_RUN_AS_RIGHTS_REQUIRED or PERMISSION_DENIED); disabling it and editing its description do not. " +
        'A schedule firing more often than jobs.minIntervalMs is 422 JOB_SCHEDULE_TOO_FREQUENT. Audited as job.update.',
      params: jobNameParams,
      body: { schema: updateJobBody, example: { schedule: '0 30 3 * * MON-FRI', enabled: false } },
      responses: {
        200: {
          description: 'The updated job',
          schema: jobSchema,
          example: { ...JOB_EXAMPLE, schedule: '0 30 3 * * MON-FRI', enabled: false, nextRunAt: null },
        },
      },
      errors: [422],
    },
    ({ ctx, params, body }) => new JobService(ctx).update(params.name, body),
  );

  endpoint(
    router,
    {
      method: 'delete',
      path: '/jobs/{name}',
      tag,
      access: 'JOBS_MANAGEMENT',
      summary: 'Delete a job',
      description:
        'Deletes the job and its history; a run still going is stopped by its instance at the next lease renewal. Audited as job.delete.',
      params: jobNameParams,
      responses: { 204: { description: 'Deleted' } },
    },
    async ({ ctx, params }) => {
      await new JobService(ctx).remove(params.name);
    },
  );

  endpoint(
    router,
    {
      method: 'put',
      path: '/jobs/{name}/started',
      tag,
      access: 'JOBS_MANAGEMENT',
      summary: 'Start the job now',
      description:
        'Queues a run now; a scheduler instance picks it up at once (this instance) or at its next tick. 409 JOB_RUNNING while a run of the job is queued or running. ' +
        "Works for disabled jobs too (disabling stops only the schedule). A job that runs as another user is started only by someone holding that user's rights (the permissions of its type and data access covering that user's), else 403 JOB_RUN_AS_RIGHTS_REQUIRED or PERMISSION_DENIED. Audited as job.start.",
      params: jobNameParams,
      responses: {
        202: {
          description: 'The queued run',
          schema: jobRunSchema,
          example: {
            ...RUN_EXAMPLE,
            state: 'queued',
            trigger: 'manual',
            scheduledFor: null,
            requestedBy: 'admin',
            startedAt: null,
            finishedAt: null,
            durationMs: null,
            instance: null,
            counters: {},
            log: [],
            result: null,
          },
        },
      },
      errors: [409],
    },
    ({ ctx, params }) => new JobService(ctx).start(params.name),
  );

  endpoint(
    router,
    {
      method: 'delete',
      path: '/jobs/{name}/started',
      tag,
      access: 'JOBS_MANAGEMENT',
      summary: 'Cancel the queued or running run (addition to the spec)',
      description:
        'A queued run is cancelled at once; a running run is flagged (cancelRequested) and stopped by the instance running it within one scheduler tick, then recorded as cancelled. ' +
        '409 JOB_NOT_RUNNING when nothing is queued or running. Audited as job.cancel.',
      params: jobNameParams,
      responses: {
        202: {
          description: 'The run, cancelled or with its cancellation requested',
          schema: jobRunSchema,
          example: { ...RUN_EXAMPLE, state: 'running', cancelRequested: true, finishedAt: null, durationMs: null, result: null },
        },
      },
      errors: [409],
    },
    ({ ctx, params }) => new JobService(ctx).cancel(params.name),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/jobs/{name}/history',
      tag,
      access: 'JOBS_MANAGEMENT',
      summary: 'Execution history of the job',
      description:
        'The runs of the job, newest first, in pages (offset, limit up to 200, default 20), optionally of one state; each with its times, duration, counters, bounded log and error (result, log, counters and error redacted for a reader who does not hold the rights the job runs with, as in GET /jobs).',
      params: jobNameParams,
      query: historyQuery,
      responses: {
        200: {
          description: 'One page of runs',
          schema: z.object({ items: z.array(jobRunSchema), total: z.number().int(), offset: z.number().int(), limit: z.number().int() }),
          example: { items: [RUN_EXAMPLE], total: 1, offset: 0, limit: 20 },
        },
      },
    },
    ({ ctx, params, query }) => new JobService(ctx).history(params.name, query),
  );

  return router;
}
