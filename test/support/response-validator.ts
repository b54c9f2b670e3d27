/**
 * Checks every response of the API tests against the served OpenAPI document: the operation
 * (method + path template), the status, the media type and, for JSON, the body against the
 * declared schema (JSON Schema 2020-12, as OpenAPI 3.1 uses it). createTestApp() hooks it into
 * the app; a mismatch fails the test during which the response was sent (afterEach below), or the
 * file (afterAll) when it came from a beforeAll. On by default; GAS_TEST_VALIDATE_RESPONSES=0
 * turns it off.
 */
import type { Express, Request, Response } from 'express';
import type { ValidateFunction } from 'ajv/dist/2020';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { generateOpenApiDocument } from '../../src/openapi/registry';

export const responseValidationEnabled = process.env.GAS_TEST_VALIDATE_RESPONSES !== '0';

interface MediaType {
  schema?: unknown;
}
interface OperationResponses {
  [status: string]: { content?: Record<string, MediaType> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: OperationResponses }>>;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);
/** Bodies larger than this are checked for status and media type only. */
const MAX_CAPTURED_BYTES = 4 * 1024 * 1024;

/** Mismatches not yet reported (drained by the hooks below and by takeResponseMismatches). */
const pending: string[] = [];
let checked = 0;

interface Validator {
  document: OpenApiDocument;
  templates: Array<{ path: string; pattern: RegExp; literals: number }>;
  schema(pointer: string): ValidateFunction;
}
let validator: Validator | undefined;

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

function buildValidator(): Validator {
  const document = generateOpenApiDocument({ version: 'test', serverUrl: '/' }) as unknown as OpenApiDocument;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, logger: false });
  addFormats(ajv);
  for (const format of ['binary', 'int32', 'int64', 'float', 'double', 'password', 'byte']) ajv.addFormat(format, true);
  ajv.addSchema(document, 'openapi.json');
  const compiled = new Map<string, ValidateFunction>();
  const templates = Object.keys(document.paths).map((path) => {
    const segments = path.split('/').filter(Boolean);
    const pattern = new RegExp(
      `^/${segments.map((s) => (/^\{\w+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}/?$`,
    );
    return { path, pattern, literals: segments.filter((s) => !s.startsWith('{')).length };
  });
  // Literal segments win over parameters (/users/info before /users/{id}), as the routers order them.
  templates.sort((a, b) => b.literals - a.literals);
  return {
    document,
    templates,
    schema(pointer) {
      // Many responses share one schema (every problem+json answer): compile each distinct one once.
      const node = pointer
        .split('/')
        .slice(1)
        .reduce<unknown>((at, part) => (at as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')], document);
      const key = JSON.stringify(node);
      let fn = compiled.get(key);
      if (!fn) {
        fn = ajv.compile({ $ref: `openapi.json#${pointer}` });
        compiled.set(key, fn);
      }
      return fn;
    },
  };
}

function mediaMatches(declared: string, actual: string): boolean {
  if (declared === actual || declared === '*/*') return true;
  const [type, subtype] = declared.split('/');
  return subtype === '*' && actual.startsWith(`${type}/`);
}

const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

/** Checks one finished response; returns a description of the mismatch, or undefined when it agrees. */
export function checkResponse(
  method: string,
  url: string,
  operationKey: string | undefined,
  renderedPage: boolean,
  status: number,
  contentType: string,
  body: Buffer | undefined,
): string | undefined {
  validator ??= buildValidator();
  const lower = method.toLowerCase();
  if (!METHODS.has(lower) || status === 304) return undefined;
  const pathname = url.split('?')[0];
  let template: string | undefined;
  if (operationKey) template = operationKey.slice(operationKey.indexOf(' ') + 1);
  else template = validator.templates.find((t) => t.pattern.test(pathname) && validator!.document.paths[t.path][lower])?.path;
  if (!template) return undefined;
  const operation = validator.document.paths[template]?.[lower];
  if (!operation) return undefined;
  const mediaType = contentType.split(';')[0].trim().toLowerCase();
  // A page rendered by an API operation (the login form shown again) is the browser's, not the API's.
  if (renderedPage) return undefined;
  // Pages answer HTML on paths that the API also uses (error pages, login redirects): not API responses.
  if (!operationKey && (mediaType === 'text/html' || (status === 303 && lower === 'get'))) return undefined;
  checked++;
  const where = `${method} ${url} (${lower.toUpperCase()} ${template}) -> ${status}${mediaType ? ` ${mediaType}` : ''}`;
  const responses = operation.responses ?? {};
  const declared = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  if (!declared) return `${where}: status ${status} is not declared (declared: ${Object.keys(responses).join(', ')})`;
  // A redirect's body is a courtesy text, not content: the declared status is the contract.
  if (status >= 300 && status < 400) return undefined;
  const content = declared.content ?? {};
  const hasBody = body !== undefined && body.length > 0;
  if (!hasBody && !mediaType)
    return Object.keys(content).length === 0 || status === 204
      ? undefined
      : `${where}: empty body, declared ${Object.keys(content).join(', ')}`;
  const key = Object.keys(content).find((declaredType) => mediaMatches(declaredType.toLowerCase(), mediaType));
  if (!key)
    return `${where}: media type ${mediaType || '(none)'} is not declared (declared: ${Object.keys(content).join(', ') || 'no content'})`;
  if (!isJson(mediaType) || !hasBody || body.length > MAX_CAPTURED_BYTES || content[key].schema === undefined) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(body.toString('utf8'));
  } catch {
    return `${where}: body is not JSON`;
  }
  const pointer = `/paths/${escapePointer(template)}/${lower}/responses/${status}/content/${escapePointer(key)}/schema`;
  const validate = validator.schema(pointer);
  if (validate(data)) return undefined;
  const errors = (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '(root)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
  return `${where}: body does not match the schema: ${errors.join('; ')}; body: ${body.toString('utf8').slice(0, 300)}`;
}

/** Wraps the app so that every response it sends is checked once it has finished. */
export function validateResponses(app: Express): void {
  if (!responseValidationEnabled) return;
  const handle = (app as unknown as { handle: (req: Request, res: Response, next?: unknown) => void }).handle.bind(app);
  (app as unknown as { handle: typeof handle }).handle = (req, res, next) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const capture = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > MAX_CAPTURED_BYTES) return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
      size += buffer.length;
      chunks.push(buffer);
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    (res as unknown as { write: typeof write }).write = (...args: unknown[]) => {
      capture(args[0], args[1]);
      return write(...args);
    };
    (res as unknown as { end: typeof end }).end = (...args: unknown[]) => {
      capture(args[0], args[1]);
      return end(...args);
    };
    const method = req.method;
    const url = req.originalUrl ?? req.url;
    res.once('finish', () => {
      try {
        const problem = checkResponse(
          method,
          url,
          res.locals?.openapiOperation as string | undefined,
          Boolean(res.locals?.page),
          res.statusCode,
          String(res.getHeader('content-type') ?? ''),
          size > MAX_CAPTURED_BYTES ? undefined : Buffer.concat(chunks),
        );
        if (problem) pending.push(problem);
      } catch (error) {
        pending.push(`${method} ${url}: the response validator failed: ${(error as Error).message}`);
      }
    });
    handle(req, res, next);
  };
}

/** The mismatches recorded since the last call (tests of the validator itself use this). */
export function takeResponseMismatches(): string[] {
  return pending.splice(0, pending.length);
}

/** How many responses were checked against a declared operation so far in this test file. */
export function checkedResponses(): number {
  return checked;
}

function failOnMismatches(): void {
  const found = takeResponseMismatches();
  if (found.length > 0) {
    throw new Error(
      `${found.length} response(s) disagree with the OpenAPI document (GAS_TEST_VALIDATE_RESPONSES=0 turns this check off):\n- ${found.join('\n- ')}`,
    );
  }
}

// Registered when a test file loads this module (through test-app.ts): each test fails on the
// mismatches of the responses sent during it; afterAll catches those of beforeAll/afterAll.
if (responseValidationEnabled && typeof afterEach === 'function' && typeof afterAll === 'function') {
  afterEach(failOnMismatches);
  afterAll(failOnMismatches);
}
