// The routes of the app's OpenAPI document and example values for their parameters and bodies: the
// attack suite walks this list, so a route added later is attacked without anyone listing it.
import type { FastifyInstance, HTTPMethods } from 'fastify';

export type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | Schema;
  default?: unknown;
};

export type Parameter = {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Schema;
};

type Operation = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
};

export type Route = {
  method: HTTPMethods;
  /** The OpenAPI path, with `{name}` placeholders. */
  path: string;
  /** `METHOD /path`: how cases, known holes and the report name the route. */
  key: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's schema; undefined when the route takes none. */
  body: Schema | undefined;
  /** Takes a multipart form (uploads: the document describes no body for them). */
  multipart: boolean;
  /** Answers a file or a redirect, not the envelope, when it succeeds (no JSON content documented). */
  fileAnswer: boolean;
};

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isUnsafe(route: Route): boolean {
  return UNSAFE.has(route.method);
}

/** Every route of the OpenAPI document, in document order. */
export function documentedRoutes(app: FastifyInstance): Route[] {
  const document = app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([lowerMethod, operation]): Route => {
      const method = lowerMethod.toUpperCase() as HTTPMethods;
      const parameters = operation.parameters ?? [];
      const body = operation.requestBody?.content['application/json']?.schema;
      return {
        method,
        path,
        key: `${method} ${path}`,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body,
        multipart: method === 'POST' && operation.requestBody === undefined,
        fileAnswer: operation.responses?.['200']?.content?.['application/json'] === undefined,
      };
    }),
  );
}

/** The URL of a route with its path parameters filled in (each encoded as one segment). */
export function urlOf(route: Route, pathValues: Record<string, string>): string {
  return route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = pathValues[name];
    if (value === undefined) throw new Error(`${route.key}: no value for path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** The schemas of a body's fields, found at any depth, with their names (for id substitution). */
export function fieldNamesOf(schema: Schema | undefined): string[] {
  if (!schema) return [];
  const names = Object.entries(schema.properties ?? {}).flatMap(([name, field]) => [name, ...fieldNamesOf(field)]);
  return [...names, ...fieldNamesOf(schema.items), ...(schema.anyOf ?? []).flatMap(fieldNamesOf)];
}

/** Known patterns of the document, each with a value that matches it. */
const PATTERN_EXAMPLES: Record<string, string> = {
  '^[0-9a-f]{24}$': '0123456789abcdef01234567',
  '^([0-9a-f]{24}|[1-9][0-9]{0,14})$': '0123456789abcdef01234567',
  '^[a-z0-9][a-z0-9-]{2,22}[a-z0-9]$': 'attack-node',
  '^[A-Za-z0-9_-]{43}$': 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  '^[0-9a-fA-F]{40}$': '0123456789abcdef0123456789abcdef01234567',
  '^[0-9a-f]{32}$': '0123456789abcdef0123456789abcdef',
  '^[0-9]{6}$': '123456',
  '^(?:[0-9]{6})?$': '',
  '^(?:[0-9]{4,6})?$': '',
  '^[A-Za-z][A-Za-z0-9_-]*$': 'oidc',
  '^(?:0|1|true|false)?$': '1',
  '^(?:createDate|updateDate|objectName|fileSize):-?1$': 'createDate:-1',
  '^(?:createDate|updateDate):-?1$': 'createDate:-1',
  '^createDate:(-1|1)$': 'createDate:-1',
  '^[0-9]+(,[0-9]+)*$': '0',
  '^-?\\d{1,13}(\\.\\d{1,2})?$': '-12.50',
  '^\\d{4}-\\d{2}-\\d{2}$': '2025-03-01',
};

/** Field values a valid request would carry, by field name, where the schema alone cannot tell. */
const NAMED_EXAMPLES: Record<string, unknown> = {
  skip: 0,
  limit: 10,
  page: 1,
  pageSize: 10,
  version: '1.0.0',
  versionRange: '^1.0.0',
  filename: 'attack.md',
  name: 'attack-name',
  policyName: 'attack',
  policyText: encodeURIComponent('for public\n\ninitial[active]:\n  terminate'),
  bucketName: 'attack-bucket',
  objectName: 'attack.md',
  resourceTypeCode: 'markdown',
  loginName: 'attacker@example.com',
  password: 'Attack2026',
  username: 'attackname',
  authCodeType: 'register',
  subjectType: 1,
  bucketType: 1,
  recommendType: 1,
  key: 'attackKey',
  code: 'markdown',
  draftData: { attack: true },
  resourceType: 'markdown',
  coverImages: 'https://example.com/cover.png',
  // Well-formed ids of nothing, where the route takes an id the target does not supply.
  resourceId: '0123456789abcdef01234567',
  resourceIds: '0123456789abcdef01234567',
  objectId: '0123456789abcdef01234567',
  objectIds: '0123456789abcdef01234567',
  versionId: '0123456789abcdef01234567',
  versionIds: '0123456789abcdef01234567',
  policyId: '0123456789abcdef0123456789abcdef',
  policyIds: '0123456789abcdef0123456789abcdef',
  userId: '99999',
  userIds: '99999',
  contractId: '0123456789abcdef01234567',
  contractIds: '0123456789abcdef01234567',
  accountId: '0123456789abcdef01234567',
  recordId: '0123456789abcdef01234567',
  ownerId: '99999',
  ownerType: 1,
  subjectId: '0123456789abcdef01234567',
  subjectIds: '0123456789abcdef01234567',
  licensorId: '0123456789abcdef01234567',
  licenseeId: '0123456789abcdef01234567',
  objectType: 3, // signCount: by licensee id
  contract: 'Zm9yIHB1YmxpYw==',
};

/** Examples of one route where its valid values differ from the name's everywhere else. */
const ROUTE_EXAMPLES: Record<string, Record<string, unknown>> = {
  // The consumer signs an exhibit (subject type 2) as themselves (identity 3); resources sign through batchSign.
  'POST /v2/contracts': { subjectType: 2, licenseeIdentityType: 3 },
};

/** `values` first, then the route's own examples. */
export function withRouteExamples(route: Route, values: ValueSource): ValueSource {
  return (name, schema) => values(name, schema) ?? ROUTE_EXAMPLES[route.key]?.[name];
}

/** Examples by the field's path where its name alone is ambiguous. */
const PATH_EXAMPLES: Record<string, unknown> = {
  'dependencies.name': 'attacker/attack-name',
};

export type ValueSource = (name: string, schema: Schema) => unknown;

/**
 * A value the schema accepts, complete (every field, not only the required ones) so that a write
 * would change something: `values` supplies real ids and names by field name first.
 */
export function exampleOf(schema: Schema, name: string, values: ValueSource, path = name): unknown {
  const supplied = values(name, schema);
  if (supplied !== undefined) return supplied;
  const byPath = Object.entries(PATH_EXAMPLES).find(([suffix]) => path.endsWith(suffix));
  if (byPath) return byPath[1];
  if (name in NAMED_EXAMPLES) {
    const named = NAMED_EXAMPLES[name];
    return schema.type === 'array' && !Array.isArray(named) ? [named] : named;
  }
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf?.[0]) return exampleOf(schema.anyOf[0], name, values, path);
  if (schema.pattern !== undefined) {
    const example = PATTERN_EXAMPLES[schema.pattern];
    if (example === undefined) throw new Error(`no example for the pattern ${schema.pattern} of ${name}`);
    return example;
  }
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([field, fieldSchema]) => [
          field,
          exampleOf(fieldSchema, field, values, `${path}.${field}`),
        ]),
      );
    case 'array':
      return schema.items ? [exampleOf(schema.items, name, values, path)] : [];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string':
      return 'attack'.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? 100);
    default:
      return 'attack';
  }
}

/** Example values of a route's query parameters: the required ones, and optional ones `values` names. */
export function exampleQuery(route: Route, values: ValueSource): Record<string, string> {
  const query: Record<string, string> = {};
  for (const parameter of route.queryParams) {
    if (!parameter.required && values(parameter.name, parameter.schema) === undefined) continue;
    const value = exampleOf(parameter.schema, parameter.name, values);
    query[parameter.name] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return query;
}
