import path from 'node:path';
import { z } from 'zod';

/**
 * A path relative to a configured server directory (jobs.importDir / jobs.exportDir): segments of
 * letters, digits, '.', '_' and '-', separated by '/', never '..' nor absolute, so a job cannot
 * reach outside its directory.
 */
export const relativeServerPath = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .refine((value) => !value.startsWith('/') && !value.includes('\\'), {
    message: 'give a path relative to the configured directory, without a leading / or \\',
  })
  .refine((value) => value.split('/').every((segment) => /^[\w.-]+$/.test(segment) && segment !== '.' && segment !== '..'), {
    message: "use only letters, digits, '.', '_' and '-' in names separated by '/', and no '..'",
  });

/** Resolves a validated relative path under the directory (and checks again that it stays inside). */
export function resolveUnder(directory: string, relative: string): string {
  const root = path.resolve(directory);
  const resolved = path.resolve(root, relative);
  if (resolved !== root && !resolved.startsWith(root + path.sep)) throw new Error(`the path ${relative} leaves the directory ${root}`);
  return resolved;
}
