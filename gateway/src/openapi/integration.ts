import {
  commandSchemas,
  externalOrdersPath,
  integrationQueryPaths,
  querySchemas,
} from '@nordlog/contracts';
import type { JsonSchema } from './example.js';

/**
 * The integration APIs in the OpenAPI document (docs/decisions/0069-api-keys.md): the look-ups as
 * `GET` with their parameters in the query string, the external create order as `POST` with
 * CREATE_ORDER's payload, all behind a customer's API key rather than a session.
 */
export interface IntegrationOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  security: Record<string, string[]>[];
  parameters: unknown[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
}

export const apiKeySecuritySchemes = {
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      "A customer's API key (`nlk_…`), created on the admin customer screen and shown once: " +
      '`Authorization: Bearer {key}`. Each key is limited to a number of requests a minute ' +
      '(429 with Retry-After past it).',
  },
  apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
} as const;

const security: Record<string, string[]>[] = [{ apiKey: [] }, { apiKeyHeader: [] }];
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const tooMany = {
  description: "Over the key's limit: TOO_MANY_REQUESTS; wait the seconds in Retry-After.",
  headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } },
  content: { 'application/json': { schema: ref('Errors') } },
};

/** The `GET` parameters of a query's params schema: each property, in the query string. */
function queryParameters(schema: JsonSchema): unknown[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

/**
 * The path items, given the document's schema components and the component name of a zod schema,
 * and its error responses (by status).
 */
export function integrationPathItems(
  schemas: Record<string, JsonSchema>,
  componentOf: (zod: unknown) => string,
  errors: Record<string, unknown>,
): Record<string, { get: IntegrationOperation } | { post: IntegrationOperation }> {
  const items: Record<string, { get: IntegrationOperation } | { post: IntegrationOperation }> = {};
  for (const [path, name] of Object.entries(integrationQueryPaths)) {
    const component = componentOf(querySchemas[name]);
    items[path] = {
      get: {
        operationId: `${name}WithApiKey`,
        tags: ['integration'],
        summary: `${path} (query ${name})`,
        description:
          `The query ${name} for a customer's system, with an API key: the key's customer and ` +
          'its sub-customers only (another customer is 404, as if it did not exist).',
        security,
        parameters: queryParameters(schemas[component]!),
        responses: {
          '200': { description: 'The answer of the query.', content: { 'application/json': {} } },
          ...errors,
          '429': tooMany,
        },
      },
    };
  }
  items[externalOrdersPath] = {
    post: {
      operationId: 'createOrderWithApiKey',
      tags: ['integration'],
      summary: 'Create an order (the external orders API)',
      description:
        "The body is CREATE_ORDER's payload; `customerId` may be left out (the key's customer) or " +
        "name the key's customer or one of its sub-customers: any other is 403 NO_ACCESS. The " +
        'order is booked by CREATE_ORDER itself: the same rules and the same events as a ' +
        "planner's booking.",
      security,
      parameters: [
        {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'A UUID: a retry with the same key books once and gets the first answer.',
          schema: { type: 'string', format: 'uuid' },
        },
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: ref(componentOf(commandSchemas.CREATE_ORDER)) },
        },
      },
      responses: {
        '201': {
          description: 'Booked: the order id, and the command result.',
          content: {
            'application/json': {
              schema: {
                allOf: [
                  ref('CommandResult'),
                  { type: 'object', properties: { orderId: ref('EntityId') } },
                ],
              },
            },
          },
        },
        ...errors,
        '429': tooMany,
      },
    },
  };
  return items;
}
