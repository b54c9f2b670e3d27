import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { extendZodWithOpenApi, OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';

import { projectRoot } from '../paths';

extendZodWithOpenApi(z);

/**
 * The one registry every endpoint() call writes to. The OpenAPI document is generated from it,
 * so what validates a request is what the documentation shows.
 */
export const registry = new OpenAPIRegistry();

registry.registerComponent('securitySchemes', 'session', {
  type: 'apiKey',
  in: 'cookie',
  name: 'gas.sid',
  description: 'Browser session after POST /login. Unsafe methods also need the X-CSRF-Token header.',
});
registry.registerComponent('securitySchemes', 'basic', {
  type: 'http',
  scheme: 'basic',
  description: 'Username and password on every request.',
});
registry.registerComponent('securitySchemes', 'token', {
  type: 'http',
  scheme: 'bearer',
  description: 'A personal API token created on the profile page (POST /profile/tokens).',
});

export const problemSchema = registry.register(
  'Problem',
  z
    .object({
      type: z.string(),
      title: z.string(),
      status: z.number().int(),
      code: z.string().openapi({ description: 'Stable machine-readable error code' }),
      detail: z.string().optional(),
      instance: z.string().optional(),
    })
    .passthrough()
    .openapi({ description: 'RFC 9457 problem details' }),
);

export interface DocumentInfo {
  version: string;
  serverUrl: string;
}

/** The SPDX license of the service (package.json), stated in info.license. */
const LICENSE: string = (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { license: string }).license;

type Json = unknown;
const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly']);

/**
 * zod-to-openapi renders `.nullable()` on a registered schema as
 * `allOf: [{ $ref }, { type: ['object', 'null'] }]`, which no null can satisfy (null fails the
 * $ref). Rewritten here, for every schema of the document, to what OpenAPI 3.1 means:
 * `anyOf: [{ $ref }, { type: 'null' }]`, annotations (description, example, ...) kept beside it.
 * Also marks free-form objects with additionalProperties: true (see below).
 */
export function fixNullableReferences(root: Json): void {
  const stack: Json[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      stack.push(...(node as Json[]));
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    const schema = node as Record<string, Json>;
    const allOf = schema.allOf;
    if (Array.isArray(allOf) && allOf.length === 2) {
      const [ref, extra] = allOf as Array<Record<string, Json>>;
      const type = extra?.type;
      const onlyTypeAndAnnotations = extra && Object.keys(extra).every((key) => key === 'type' || ANNOTATIONS.has(key));
      if (ref?.$ref && Object.keys(ref).length === 1 && onlyTypeAndAnnotations && Array.isArray(type) && type.includes('null')) {
        delete schema.allOf;
        schema.anyOf = [ref, { type: 'null' }];
        for (const [key, value] of Object.entries(extra)) if (key !== 'type' && !(key in schema)) schema[key] = value;
      }
    }
    // A free-form object ({ type: 'object' } alone) accepts any members in JSON Schema, but client
    // generators read it as an empty object (openapi-typescript: Record<string, never>): say it.
    const structural = [
      'properties',
      'additionalProperties',
      'patternProperties',
      'allOf',
      'anyOf',
      'oneOf',
      '$ref',
      'unevaluatedProperties',
    ];
    if (schema.type === 'object' && !structural.some((key) => key in schema)) schema.additionalProperties = true;
    // Examples are data, not schemas.
    for (const [key, value] of Object.entries(schema)) if (key !== 'example' && key !== 'examples') stack.push(value);
  }
}

export function generateOpenApiDocument(info: DocumentInfo): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  const generator = new OpenApiGeneratorV31(registry.definitions);
  const document = generator.generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Graph Analytics Service API',
      version: info.version,
      description:
        'Every operation of the web frontend is available here. Live calls from the tester act on this instance for real. ' +
        'Versioning: the API version follows the service version; within a major version only additive changes are made.',
      license: { name: LICENSE, identifier: LICENSE },
    },
    servers: [{ url: info.serverUrl || '/' }],
    security: [{ session: [] }, { basic: [] }, { token: [] }],
  });
  fixNullableReferences(document);
  return document;
}
