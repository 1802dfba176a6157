import {
  authRules,
  commandEnvelopeSchema,
  commandKinds,
  commandPermissions,
  commandSchemas,
  entityId,
  errorStatus,
  MIN_POSITION_HEADER,
  queryEnvelopeSchema,
  queryPermissions,
  querySchemas,
  type CommandName,
  type CommandResult,
  type ErrorType,
  type Permission,
  type QueryName,
} from '@nordlog/contracts';
import { exampleCandidates, type JsonSchema } from './example.js';
import { webhooksDocument } from './webhooks.js';
import { handWritten } from './handWritten.js';
import { convert, plain, SCHEMAS, type Zod } from './zodSchemas.js';
import {
  apiKeySecuritySchemes,
  integrationPathItems,
  type IntegrationOperation,
} from './integration.js';

/** A path's operations: a command's or query's POST, or an integration call (0069). */
export type PathItem =
  { post: Operation } | { get: IntegrationOperation } | { post: IntegrationOperation };

/**
 * The OpenAPI 3.1 description of every command and query (docs/decisions/0023-http-edge.md),
 * built from the contracts' zod schemas: the request bodies are what the routes validate with.
 */
export interface OpenApiDocument {
  openapi: '3.1.0';
  jsonSchemaDialect: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, unknown>;
    parameters: Record<string, unknown>;
    securitySchemes: Record<string, unknown>;
  };
  [field: string]: unknown;
}

export interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  security: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody: {
    required: boolean;
    content: { 'application/json': { schema: JsonSchema; examples?: Record<string, unknown> } };
  };
  responses: Record<string, unknown>;
  /** The permission of contracts' table (flags, roles, write, ...). */
  'x-permission': Permission;
  [field: string]: unknown;
}

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';
const ref = (name: string) => ({ $ref: `${SCHEMAS}${name}` });
const json = (schema: unknown) => ({ 'application/json': { schema } });

export const commandPath = (name: string) => `/api/command/${name}`;
export const queryPath = (name: string) => `/api/query/${name}`;

/** Component names of the payload and params schemas. */
export const commandSchemaName = (name: string) => `command.${name}`;
export const querySchemaName = (name: string) => `query.${name}`;

function permissionText(p: Permission): string {
  const parts = [
    p.flags.length > 0 ? `Needs one of the access flags ${p.flags.join(', ')}` : 'Any user',
  ];
  if (p.roles) parts.push(`only the role${p.roles.length > 1 ? 's' : ''} ${p.roles.join(', ')}`);
  if (p.customers) parts.push('customer users for their own customers');
  if (p.allDepartments) parts.push('only users with access to every department');
  if (p.write) parts.push('never READ_ONLY_PLANNER');
  return `${parts.join('; ')}.`;
}

/** The first candidate example the route's own schema accepts (none: no example). */
function example(
  name: CommandName | QueryName,
  schema: JsonSchema,
  components: Record<string, JsonSchema>,
  accepts: (value: unknown) => boolean,
): unknown {
  if (name in handWritten) return handWritten[name];
  return exampleCandidates(schema, components).find(accepts);
}

const errorItemSchema: JsonSchema = {
  type: 'object',
  description: 'One refusal (spec §8). Every answer that is not OK is an array of these.',
  properties: {
    errorType: { type: 'string', enum: Object.keys(errorStatus) },
    description: { type: 'string' },
    params: {
      type: 'object',
      description: 'Values a translation of the errorType may use, e.g. the field.',
      additionalProperties: { type: ['string', 'number'] },
    },
  },
  required: ['errorType', 'description'],
};

const commandResultProperties = {
  commandId: { type: 'string', description: 'Send it again to retry safely.' },
  position: {
    type: ['string', 'null'],
    description: `The last global position appended; send it as ${MIN_POSITION_HEADER} to read your write.`,
  },
  events: { type: 'array', items: { type: 'string' }, description: 'Event types appended.' },
  ids: { type: 'array', items: { type: 'string' }, description: 'Entities created or touched.' },
  failed: {
    type: 'array',
    description: 'Per-entity refusals of a bulk command that partly succeeded.',
    items: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        errorType: { type: 'string' },
        description: { type: 'string' },
      },
      required: ['id', 'errorType', 'description'],
    },
  },
} satisfies Record<keyof CommandResult, JsonSchema>;

/** One response per HTTP status of contracts' error table, naming its error types. */
function errorResponses(): { components: Record<string, unknown>; refs: Record<string, unknown> } {
  const byStatus = new Map<number, ErrorType[]>();
  for (const [type, status] of Object.entries(errorStatus) as [ErrorType, number][])
    byStatus.set(status, [...(byStatus.get(status) ?? []), type]);
  const components: Record<string, unknown> = {};
  const refs: Record<string, unknown> = {};
  for (const [status, types] of [...byStatus].sort(([a], [b]) => a - b)) {
    components[`Error${status}`] = {
      description: `Refused: ${types.join(', ')}.`,
      content: json(ref('Errors')),
    };
    refs[String(status)] = { $ref: `#/components/responses/Error${status}` };
  }
  return { components, refs };
}

/** Builds the document. Pure: the same contracts give the same document. */
export function openApiDocument(version = '0.1.0'): OpenApiDocument {
  const commands = Object.keys(commandSchemas) as CommandName[];
  const queries = Object.keys(querySchemas) as QueryName[];
  const { schemas, nameOf } = convert([
    // Ids are everywhere: one component.
    ['EntityId', entityId],
    ...commands.map((n): [string, Zod] => [commandSchemaName(n), commandSchemas[n]]),
    ...queries.map((n): [string, Zod] => [querySchemaName(n), querySchemas[n]]),
  ]);
  schemas.EntityId = { description: "An entity's id: its decimal digits.", ...schemas.EntityId };
  const errors = errorResponses();
  const commandEnvelope = plain(commandEnvelopeSchema);
  const queryEnvelope = plain(queryEnvelopeSchema);
  const paths: OpenApiDocument['paths'] = {};

  for (const name of commands) {
    const zod = commandSchemas[name];
    const component = nameOf.get(zod)!;
    const envelopeProperties = commandEnvelope.properties as Record<string, JsonSchema>;
    const body: JsonSchema = {
      ...commandEnvelope,
      properties: {
        ...envelopeProperties,
        type: { const: name, description: 'The command named in the path.' },
        payload: ref(component),
        commandId: {
          ...envelopeProperties.commandId,
          description: 'Optional; a retry with the same id gets the first outcome.',
        },
      },
      // The route refuses a command without its type, and the payload schema refuses no payload.
      required: [
        ...new Set([
          ...((commandEnvelope.required ?? []) as string[]),
          'type',
          ...(zod.safeParse(undefined).success ? [] : ['payload']),
        ]),
      ],
    };
    const payload = example(name, schemas[component]!, schemas, (v) => zod.safeParse(v).success);
    const permission = commandPermissions[name];
    paths[commandPath(name)] = {
      post: {
        operationId: name,
        tags: ['commands'],
        summary: `Command ${name} (${commandKinds[name]})`,
        description: permissionText(permission),
        security: [{ session: [], csrf: [] }],
        'x-permission': permission,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: body,
              ...(payload === undefined
                ? {}
                : {
                    examples: {
                      valid: { summary: 'A valid request', value: { type: name, payload } },
                    },
                  }),
            },
          },
        },
        responses: {
          '200': {
            description: 'Done (or, for a bulk command, partly done: see `failed`).',
            content: json(ref('CommandResult')),
          },
          ...errors.refs,
        },
      },
    };
    // A public command (the recipient's answers, 0063) also runs without a session.
    if (permission.public) {
      const operation = (paths[commandPath(name)] as { post: Operation }).post;
      paths[`/openapi/command/${name}`] = {
        post: {
          ...operation,
          operationId: `${name}Public`,
          description:
            'Run without a session (the tracking key in the payload is the credential), behind the per-address limit of /openapi.',
          security: [],
        },
      };
    }
  }

  for (const name of queries) {
    const zod = querySchemas[name];
    const component = nameOf.get(zod)!;
    const params = example(name, schemas[component]!, schemas, (v) => zod.safeParse(v).success);
    const permission = queryPermissions[name];
    const envelopeProperties = queryEnvelope.properties as Record<string, JsonSchema>;
    paths[queryPath(name)] = {
      post: {
        operationId: name,
        tags: ['queries'],
        summary: `Query ${name}`,
        description: `${permissionText(permission)} Reads the read models only; no CSRF token needed.`,
        security: [{ session: [] }],
        'x-permission': permission,
        parameters: [{ $ref: '#/components/parameters/minPosition' }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                ...queryEnvelope,
                properties: {
                  ...envelopeProperties,
                  query: {
                    ...envelopeProperties.query,
                    description: 'The query named in the path (informative).',
                  },
                  params: { ...ref(component), description: 'Absent or null: {}.' },
                },
              },
              ...(params === undefined
                ? {}
                : {
                    examples: {
                      valid: { summary: 'A valid request', value: { query: name, params } },
                    },
                  }),
            },
          },
        },
        responses: {
          '200': {
            description: 'The answer: rows of the read model the caller may read.',
            headers: {
              'x-min-position-reached': {
                description: `Sent when ${MIN_POSITION_HEADER} was: whether the read models reached it in time.`,
                schema: { type: 'string', enum: ['true', 'false'] },
              },
            },
            content: json({}),
          },
          ...errors.refs,
        },
      },
    };
    // A public query is also answered without a session at the openquery endpoint (spec §7).
    if (permission.public) {
      const operation = (paths[queryPath(name)] as { post: Operation }).post;
      paths[`/openapi/query/${name}`] = {
        post: {
          ...operation,
          operationId: `${name}Public`,
          description: 'Answered without a session (the openquery endpoint): the same answer.',
          security: [],
          parameters: [],
        },
      };
    }
  }

  Object.assign(
    paths,
    integrationPathItems(schemas, (zod) => nameOf.get(zod as Zod)!, errors.refs),
  );

  return {
    openapi: '3.1.0',
    jsonSchemaDialect: DIALECT,
    info: {
      title: 'Nordlog API',
      version,
      description:
        'Every command (`POST /api/command/{NAME}`, body `{type, payload, commandId?}`) and query ' +
        "(`POST /api/query/{name}`, body `{query?, params}`), generated from the contracts' zod " +
        'schemas. Rules across fields (e.g. "a or b") are checked by the routes and answered 400 ' +
        'VALIDATION_ERROR like the rules written here. Log in through `/auth` (session cookie); ' +
        `commands also carry the session's CSRF token in ${authRules.csrfHeader}.`,
    },
    servers: [{ url: '/' }],
    // What a customer's webhook receiver gets, and how it verifies it (docs/decisions/0070).
    webhooks: webhooksDocument,
    tags: [
      { name: 'commands', description: 'Change something: events appended to the event store.' },
      { name: 'queries', description: 'Read the read models.' },
      {
        name: 'integration',
        description:
          "Customers' systems, with an API key (docs/decisions/0069): the external orders API " +
          'at /api/external and the checkout look-ups at /checkout/api.',
      },
    ],
    paths,
    components: {
      schemas: {
        ...schemas,
        ErrorItem: errorItemSchema,
        Errors: { type: 'array', items: ref('ErrorItem'), minItems: 1 },
        CommandResult: {
          type: 'object',
          properties: commandResultProperties,
          required: Object.keys(commandResultProperties),
        },
      },
      responses: errors.components,
      parameters: {
        minPosition: {
          name: MIN_POSITION_HEADER,
          in: 'header',
          required: false,
          description:
            "Read your writes: a command answer's `position`; the answer waits until the read models have it (or a few seconds).",
          schema: { type: 'string', pattern: '^\\d{1,18}$' },
        },
      },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: authRules.cookieName },
        csrf: { type: 'apiKey', in: 'header', name: authRules.csrfHeader },
        ...apiKeySecuritySchemes,
      },
    },
  };
}
