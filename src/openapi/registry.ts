import { z } from 'zod';
import { extendZodWithOpenApi, OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';

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
registry.registerComponent('securitySchemes', 'basic', { type: 'http', scheme: 'basic', description: 'Username and password on every request.' });
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

export function generateOpenApiDocument(info: DocumentInfo): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  const generator = new OpenApiGeneratorV31(registry.definitions);
  return generator.generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Graph Analytics Service API',
      version: info.version,
      description:
        'Every operation of the web frontend is available here. Live calls from the tester act on this instance for real. ' +
        'Versioning: the API version follows the service version; within a major version only additive changes are made.',
    },
    servers: [{ url: info.serverUrl || '/' }],
    security: [{ session: [] }, { basic: [] }, { token: [] }],
  });
}
