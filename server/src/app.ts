import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { paths } from '@fandeck/contract';
import type { AppContext } from './context.js';
import { errorBody, HttpError, type ErrorCode } from './http/errors.js';
import { registerCors } from './http/cors.js';
import { acceptEmptyJsonBodies, blankTolerantValidatorCompiler } from './http/existing-clients.js';
import { registerAuditHook } from './http/audit-hook.js';
import { registerGuard } from './http/guard.js';
import { ownsEmbedOrigin, registerOwnerEmbedCheck } from './http/owner-embed.js';
import { registerPageScope } from './http/page-scope.js';
import { API_PREFIX } from './http/route-contract.js';
import { rejectNulCharacters } from './http/validate.js';
import { recordStaffAction } from './domains/audit/index.js';
import { authenticateRequest, resolveSocketToken } from './domains/auth/index.js';
import { loadDomains } from './domains/index.js';
import { registerDomains, type DomainPlugin } from './domains/plugin.js';
import { registerSiteRoutes, type SiteDirs } from './site.js';

export type App = FastifyInstance;

export interface BuildOptions {
  /** Fastify's logger; a test may pass its own stream to read what is logged. */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** Serve the built host site, loader and widgets (off in most tests). */
  serveSite?: boolean | SiteDirs;
  /** More domains beside the app's own: a test plugs a domain into another's extension point. */
  extraDomains?: readonly DomainPlugin[];
  /** Run background jobs in this process (the server does; most tests drive them with `ctx.jobs.drain()`). */
  jobs?: boolean;
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: ctx.config.bodyLimit,
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    return503OnClosing: true,
    ajv: undefined,
    // Router errors (bad percent-encoding, over-long path parameters) skip setErrorHandler; same shape.
    frameworkErrors: (error, request, reply) => renderError(error, request, reply),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(blankTolerantValidatorCompiler);
  acceptEmptyJsonBodies(app);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(renderError);
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody(404, 'route.not_found', `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });

  // Bundles, pages and JSON go out gzip- or brotli-compressed when the client accepts it.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: ctx.config.uploadLimit, files: 10, fields: 60, fieldSize: 64 * 1024, parts: 80 },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Fandeck API', version: '0.1.0', description: 'Creator-subscription platform API' },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  // Before the guard: a preflight carries no credential and is answered here.
  registerCors(app, ctx.config.corsOrigins);
  registerGuard(app, (request) => authenticateRequest(ctx, request), (options.extraDomains ?? []).flatMap((domain) => domain.offContract ?? []));
  registerOwnerEmbedCheck(app, (request, origin) => ownsEmbedOrigin(ctx, request.auth?.user, origin));
  registerPageScope(app, ctx);
  registerAuditHook(app, (action) => recordStaffAction(ctx, action));
  // After schema validation, so a malformed field is reported first.
  app.addHook('preHandler', async (request) => {
    rejectNulCharacters(request.params, 'params');
    rejectNulCharacters(request.query, 'querystring');
    rejectNulCharacters(request.body, 'body');
  });

  await app.register(
    async (api) => {
      api.get(paths.openapi, { schema: { hide: true } }, async () => app.swagger());
      await registerDomains(api.withTypeProvider<ZodTypeProvider>(), ctx, [...(await loadDomains()), ...(options.extraDomains ?? [])]);
    },
    { prefix: API_PREFIX },
  );

  if (options.serveSite) await registerSiteRoutes(app, ctx, options.serveSite === true ? undefined : options.serveSite);

  app.addHook('onReady', async () => {
    await ctx.realtime.attach(app.server, (token) => resolveSocketToken(ctx, token));
    if (options.jobs) ctx.jobs.start();
  });
  app.addHook('preClose', async () => {
    await Promise.all([ctx.realtime.close(), ctx.jobs.stop()]);
  });
  return app;
}

function renderError(error: FastifyError | HttpError | Error, request: { log: App['log'] }, reply: Pick<FastifyReply, 'code' | 'headers' | 'send'>) {
  if (error instanceof HttpError) {
    reply.headers(error.headers);
    reply.code(error.statusCode);
    return reply.send(errorBody(error.statusCode, error.code, error.message, error.fields, error.fieldCodes));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      field: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
      message: issue.message,
    }));
    reply.code(400);
    const message = issues.map(({ field, message }) => `${field}: ${message}`).join('; ');
    return reply.send(errorBody(400, 'request.invalid', message, [...new Set(issues.map(({ field }) => field))]));
  }
  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const { code, message } = describeClientError(error as FastifyError);
    reply.code(status);
    return reply.send(errorBody(status, code, message));
  }
  request.log.error({ err: error }, 'unhandled error');
  reply.code(500);
  return reply.send(errorBody(500, 'server.error', 'Something went wrong, please try again later'));
}

/** Fastify's and its plugins' own client errors, with a code clients can translate. */
function describeClientError(error: FastifyError): { code: ErrorCode; message: string } {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { code: 'request.body_too_large', message: 'The request body is larger than the limit' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { code: 'request.unsupported_media_type', message: 'Unsupported content type' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: 'request.empty_body', message: 'The JSON body is empty' };
    case 'FST_ERR_ROUTE_MISSING_CONTENT':
      return { code: 'request.empty_body', message: error.message };
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return { code: 'request.malformed_multipart', message: error.message };
    case 'FST_ERR_NOT_FOUND':
      return { code: 'route.not_found', message: error.message };
    default:
      return { code: 'request.invalid', message: error.message };
  }
}

/** Fastify's option for TRUST_PROXY: a hop count trusts that many proxies nearest the server. */
function trustProxyOption(trust: false | number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}
