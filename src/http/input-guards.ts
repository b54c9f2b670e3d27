import type { NextFunction, Request, Response } from 'express';
import { BadRequestError } from '../errors';

/** Deepest nesting of arrays and objects a request body may have (the top-level value is depth 1). */
export const MAX_BODY_DEPTH = 64;

type Issue = { path: string; message: string };

const NUL = '\u0000';

function nulCharacter(path: string): BadRequestError {
  const issues: Issue[] = [{ path, message: 'Text must not contain the NUL character (U+0000)' }];
  return new BadRequestError(`The request contains a NUL character (U+0000) in ${path}`, 'NUL_CHARACTER', { issues });
}

function tooDeep(path: string, maxDepth: number): BadRequestError {
  const issues: Issue[] = [{ path, message: `Nesting deeper than ${maxDepth} levels` }];
  return new BadRequestError(`The request body is nested deeper than ${maxDepth} levels`, 'NESTING_TOO_DEEP', { issues, maxDepth });
}

const pathOf = (parts: readonly (string | number)[]) => parts.join('.');

/**
 * Walks a parsed value without recursion (a hostile body cannot overflow the stack here) and
 * returns the first problem: a string or key holding U+0000, or nesting deeper than maxDepth.
 */
export function findHostileValue(root: unknown, where: string, maxDepth = MAX_BODY_DEPTH): BadRequestError | undefined {
  const stack: Array<{ value: unknown; path: (string | number)[] }> = [{ value: root, path: [where] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return nulCharacter(pathOf(path));
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    // path holds `where` plus one entry per level below the top-level value.
    if (path.length > maxDepth) return tooDeep(pathOf(path.slice(0, maxDepth + 1)), maxDepth);
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, i] });
      continue;
    }
    // Only plain parsed data is walked (files, buffers and dates from other parsers are left alone).
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) continue;
    for (const key of Object.keys(value)) {
      if (key.includes(NUL)) return nulCharacter(pathOf([...path, key]));
      stack.push({ value: (value as Record<string, unknown>)[key], path: [...path, key] });
    }
  }
  return undefined;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Whether the decoded user name and password of an HTTP Basic header (they reach the user lookup)
 * hold U+0000: in UTF-8 only the NUL character itself is a zero byte, so the decoded bytes are
 * searched without building the text.
 */
function basicHasNul(header: string | undefined): boolean {
  if (!header) return false;
  const [scheme, encoded] = header.split(' ');
  if (!/^Basic$/i.test(scheme ?? '') || !encoded) return false;
  return Buffer.from(encoded, 'base64').includes(0);
}

/** Whether a query object as Express parses it (no query string: an empty object) is empty. */
function isEmptyObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key)) return false;
  return true;
}

/**
 * Refuses hostile input at the edge, before authentication and routing: a NUL character
 * (PostgreSQL text cannot hold it) in the JSON or form body, the query string, the path (so in any
 * path parameter) or the HTTP Basic credentials; and a body nested deeper than MAX_BODY_DEPTH
 * (deep values overflow the stack wherever they are serialised or compared later). Answers 400
 * NUL_CHARACTER or NESTING_TOO_DEEP with an issue naming where. Runs after the body parsers;
 * multipart bodies are parsed (and limited) by their own routes.
 */
export function inputGuards(maxDepth = MAX_BODY_DEPTH) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const path = req.path;
    if (path.includes('%')) {
      for (const segment of path.split('/')) {
        if (segment.includes('%') && decodeSegment(segment).includes(NUL)) return next(nulCharacter('path'));
      }
    }
    const query: unknown = req.query;
    const queryProblem = isEmptyObject(query) ? undefined : findHostileValue(query, 'query', maxDepth);
    if (queryProblem) return next(queryProblem);
    if (req.body !== undefined) {
      const bodyProblem = findHostileValue(req.body, 'body', maxDepth);
      if (bodyProblem) return next(bodyProblem);
    }
    if (basicHasNul(req.headers.authorization)) return next(nulCharacter('header.authorization'));
    next();
  };
}
