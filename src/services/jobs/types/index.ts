import type { JobType } from '../job-type';
import { alertJob } from './alert';
import { cypherJob } from './cypher';
import { exportJob } from './export';
import { importJob } from './import';
import { reindexJob } from './reindex';

/** Every job type; a new type is one file beside this one and one entry here. */
export const JOB_TYPES: readonly JobType[] = [cypherJob, importJob, reindexJob, alertJob, exportJob];

export const JOB_TYPE_NAMES = JOB_TYPES.map((t) => t.type) as [string, ...string[]];

export function jobTypeOf(type: string): JobType | undefined {
  return JOB_TYPES.find((t) => t.type === type);
}
