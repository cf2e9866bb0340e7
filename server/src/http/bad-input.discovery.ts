import type { FastifyInstance } from 'fastify';

/** The subset of JSON Schema that the OpenAPI document of our zod schemas uses. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

/** One method of one registered route, with what its OpenAPI operation says about its input. */
export interface RouteUnderTest {
  method: string;
  /** Fastify's pattern, e.g. `/api/performers/:id`. */
  url: string;
  params: string[];
  queryNames: string[];
  /** The JSON body schema, when the route validates one. */
  body?: JsonSchema;
  /**
   * Field names worth trying in a form: every property of any documented body (with its
   * schema) and the identifiers the operation's text mentions (multipart files, for instance).
   */
  fieldSchemas: Record<string, JsonSchema | undefined>;
  /** False for routes hidden from the OpenAPI document (`schema.hide`). */
  documented: boolean;
}

export const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const key = (route: Pick<RouteUnderTest, 'method' | 'url'>) => `${route.method} ${route.url}`;

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  description?: string;
  summary?: string;
}

/**
 * Every route the app answers, with its input schema where the OpenAPI document has one.
 * The route list comes from Fastify's own router (`printRoutes`), so routes hidden from
 * the document are fuzzed too, with schema-blind inputs.
 */
export async function discoverRoutes(app: FastifyInstance, openApiUrl = '/api/openapi.json'): Promise<RouteUnderTest[]> {
  const res = await app.inject({ method: 'GET', url: openApiUrl });
  if (res.statusCode !== 200) throw new Error(`${openApiUrl} answered ${res.statusCode}`);
  const doc = res.json() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const operations = new Map<string, OpenApiOperation>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) operations.set(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`, op);
  }
  const allFields: Record<string, JsonSchema | undefined> = {};
  for (const op of operations.values()) collectProperties(op.requestBody?.content?.['application/json']?.schema, allFields);

  return routerEntries(app.printRoutes({ commonPrefix: false })).map(({ method, url }) => {
    // HEAD is Fastify's automatic twin of GET and shares its schema.
    const op = operations.get(`${method === 'HEAD' ? 'GET' : method} ${url}`);
    const fieldSchemas = { ...allFields };
    for (const word of `${op?.summary ?? ''} ${op?.description ?? ''}`.match(/\b[a-z]+[A-Z][a-zA-Z]*\b/g) ?? []) {
      if (!(word in fieldSchemas)) fieldSchemas[word] = undefined;
    }
    return {
      method,
      url,
      params: [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!),
      queryNames: (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      body: op?.requestBody?.content?.['application/json']?.schema,
      fieldSchemas,
      documented: op !== undefined,
    };
  });
}

/** Parses `printRoutes({ commonPrefix: false })`: a tree whose children extend their parent's path. */
export function routerEntries(tree: string): { method: string; url: string }[] {
  const out: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:[│ ] {3})*)(?:├── |└── )(.*?)(?: \(([A-Z, -]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const url = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = url;
    stack.length = depth + 1;
    for (const method of m[3]?.split(', ') ?? []) out.push({ method, url });
  }
  return out;
}

function collectProperties(schema: JsonSchema | undefined, into: Record<string, JsonSchema | undefined>): void {
  if (!schema) return;
  for (const [name, sub] of Object.entries(schema.properties ?? {})) {
    into[name] ??= sub;
    collectProperties(sub, into);
  }
  for (const sub of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) collectProperties(sub, into);
}

/** The JSON types a schema admits, or undefined when it admits anything. */
export function allowedTypes(schema: JsonSchema | undefined): Set<JsonType> | undefined {
  if (!schema) return undefined;
  if (schema.const !== undefined) return new Set([typeOf(schema.const)]);
  if (schema.enum) {
    // `nullable: true` beside an enum (how a nullable zod enum is documented) lets null in too.
    const types = new Set(schema.enum.map(typeOf));
    if (schema.nullable) types.add('null');
    return types;
  }
  const union = schema.anyOf ?? schema.oneOf;
  if (union) {
    const all = new Set<JsonType>();
    for (const member of union) {
      const types = allowedTypes(member);
      if (!types) return undefined;
      for (const t of types) all.add(t);
    }
    return all;
  }
  if (schema.allOf?.length) return allowedTypes(schema.allOf[0]);
  if (schema.type === undefined) return undefined;
  const types = new Set((Array.isArray(schema.type) ? schema.type : [schema.type]) as JsonType[]);
  if (schema.nullable) types.add('null');
  if (types.has('integer')) types.add('number');
  return types;
}

function typeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const t = typeof value;
  return t === 'string' || t === 'number' || t === 'boolean' ? t : 'object';
}
