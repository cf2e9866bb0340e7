import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

/** Environment the server reads once at boot. Defaults give the embedded, no-account setup. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_ORIGIN: z.url().optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Fandeck <no-reply@fandeck.local>'),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  PIX_WEBHOOK_SECRET: z.string().min(16).optional(),
  MEDIA_URL_SECRET: z.string().min(32).optional(),
  PAYMENT_SANDBOX: z.enum(['on', 'off']).optional(),
  AGORA_APP_ID: z.string().optional(),
  AGORA_APP_CERTIFICATE: z.string().optional(),
  /** UDP ports the private-call SFU may bind (both or neither); unset: any port the system gives. */
  SFU_PORT_RANGE_BEGIN: z.coerce.number().int().min(1024).max(65535).optional(),
  SFU_PORT_RANGE_END: z.coerce.number().int().min(1024).max(65535).optional(),
  /** Web push (VAPID) key pair, base64url as `web-push generate-vapid-keys` prints it; unset: one is made and kept in the database. */
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)').optional(),
  /** Who push services may contact about this sender: an https: URL or a mailto: address. */
  VAPID_SUBJECT: z.string().regex(/^(https:\/\/|mailto:)\S+$/, 'must be an https: URL or a mailto: address').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT: z.coerce.number().int().min(1024).default(1024 * 1024),
  UPLOAD_LIMIT: z.coerce.number().int().min(1024).default(20 * 1024 * 1024),
  UPLOAD_PHOTO_MAX_BYTES: z.coerce.number().int().min(1024).default(20 * 1024 * 1024),
  UPLOAD_VIDEO_MAX_BYTES: z.coerce.number().int().min(1024).default(2 * 1024 * 1024 * 1024),
  /** How long a background job's claim holds without renewal: after a crash, the wait before another process takes it up. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Video transcodes run at once in one process (each uses every core it gets). */
  TRANSCODE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** Demo accounts: seeded by default, never in production unless `SEED=demo` is explicit. */
  SEED: z.enum(['demo', 'none']).optional(),
  /** Which proxies may set X-Forwarded-For: `off` (default), a hop count, or comma-separated IPs/CIDRs. */
  TRUST_PROXY: z
    .string()
    .default('off')
    .refine((value) => parseTrustProxy(value) !== undefined, 'must be off, a hop count (1-10) or comma-separated IPs/CIDRs'),
  /** Origins allowed to call the API from the browser (CORS), comma-separated; exact `scheme://host[:port]`. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .refine((value) => splitList(value).every(isOrigin), 'must be comma-separated origins such as https://fans.example.com'),
});

export type EnvInput = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicOrigin: string;
  dataDir: string;
  uploadsDir: string;
  outboxDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  storage: 'local' | 's3';
  /** The bucket of `STORAGE=s3` (all four S3_* variables are then required). */
  s3?: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region?: string };
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string };
  pixWebhookSecret: string;
  /** Signs the short-lived media links of posts; every process of one deployment needs the same (MEDIA_URL_SECRET). */
  mediaUrlSecret: string;
  /** Whether the PIX sandbox (play money) may run; off in production unless PAYMENT_SANDBOX=on. */
  paymentSandbox: boolean;
  agora: { appId?: string; certificate?: string };
  /** The private-call SFU's UDP port range (SFU_PORT_RANGE_BEGIN/END). */
  sfu: { portRangeBegin?: number; portRangeEnd?: number };
  /** Web push: the VAPID keys when both are set (else the database keeps generated ones) and the subject. */
  webPush: { keys?: { publicKey: string; privateKey: string }; subject: string };
  logLevel: string;
  bodyLimit: number;
  uploadLimit: number;
  /** Largest file per kind of upload (photos, videos), in bytes. */
  uploadLimits: { photo: number; video: number };
  jobs: { leaseMs: number; transcodeConcurrency: number };
  seed: 'demo' | 'none';
  /** Whether SEED was set, rather than taken from the environment's default. */
  seedExplicit: boolean;
  /** Fastify's `trustProxy`: false, a hop count, or the list of trusted proxy addresses/CIDRs. */
  trustProxy: false | number | string[];
  /** Exact origins allowed by CORS. */
  corsOrigins: string[];
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(stripEmpty(source));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicOrigin: (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    outboxDir: path.join(dataDir, 'outbox'),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    storage: e.STORAGE,
    ...(e.STORAGE === 's3' ? { s3: s3Settings(e) } : {}),
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    },
    pixWebhookSecret: pixSecret(e.NODE_ENV, e.PIX_WEBHOOK_SECRET),
    // Without one, links are signed with a secret of this process: fine for one process.
    mediaUrlSecret: e.MEDIA_URL_SECRET ?? randomBytes(32).toString('hex'),
    paymentSandbox: (e.PAYMENT_SANDBOX ?? (e.NODE_ENV === 'production' ? 'off' : 'on')) === 'on',
    agora: { appId: e.AGORA_APP_ID, certificate: e.AGORA_APP_CERTIFICATE },
    sfu: sfuPorts(e.SFU_PORT_RANGE_BEGIN, e.SFU_PORT_RANGE_END),
    webPush: webPushSettings(e),
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.BODY_LIMIT,
    uploadLimit: e.UPLOAD_LIMIT,
    uploadLimits: { photo: e.UPLOAD_PHOTO_MAX_BYTES, video: e.UPLOAD_VIDEO_MAX_BYTES },
    jobs: { leaseMs: e.JOB_LEASE_SECONDS * 1000, transcodeConcurrency: e.TRANSCODE_CONCURRENCY },
    seed: e.SEED ?? (e.NODE_ENV === 'production' ? 'none' : 'demo'),
    seedExplicit: e.SEED !== undefined,
    trustProxy: parseTrustProxy(e.TRUST_PROXY) ?? false,
    corsOrigins: splitList(e.CORS_ORIGINS),
  };
}

function sfuPorts(begin: number | undefined, end: number | undefined): Config['sfu'] {
  if (begin === undefined && end === undefined) return {};
  if (begin === undefined || end === undefined || begin > end) throw new ConfigError('Invalid environment:\n  SFU_PORT_RANGE_BEGIN/END: set both, BEGIN <= END');
  return { portRangeBegin: begin, portRangeEnd: end };
}

/** The secret every copy of the code knows: it signs the sandbox's webhooks in development only. */
export const SANDBOX_PIX_SECRET = 'fandeck-pix-sandbox-secret';

/**
 * The PIX webhook secret. Outside production, the sandbox's well-known one by default. In
 * production the well-known one is refused, and without PIX_WEBHOOK_SECRET a random one is
 * made, so no webhook verifies until the operator sets the provider's secret.
 */
function pixSecret(env: Config['env'], given: string | undefined): string {
  if (env !== 'production') return given ?? SANDBOX_PIX_SECRET;
  if (given === SANDBOX_PIX_SECRET) {
    throw new ConfigError('Invalid environment:\n  PIX_WEBHOOK_SECRET: the sandbox secret is public and is refused in production; set your PIX provider\'s secret');
  }
  return given ?? randomBytes(32).toString('hex');
}

/** STORAGE=s3 needs the bucket's address and keys; a missing one stops the server naming it. */
function s3Settings(e: z.output<typeof envSchema>): NonNullable<Config['s3']> {
  const missing = (['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((key) => !e[key]);
  if (missing.length) throw new ConfigError(`Invalid environment:\n${missing.map((key) => `  ${key}: required with STORAGE=s3`).join('\n')}`);
  return { endpoint: e.S3_ENDPOINT!, bucket: e.S3_BUCKET!, accessKeyId: e.S3_ACCESS_KEY_ID!, secretAccessKey: e.S3_SECRET_ACCESS_KEY!, ...(e.S3_REGION ? { region: e.S3_REGION } : {}) };
}

/** VAPID keys come in pairs; the subject defaults to the public origin when it is https, else to the mail sender. */
function webPushSettings(e: z.output<typeof envSchema>): Config['webPush'] {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid environment:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
  }
  const origin = e.PUBLIC_ORIGIN?.replace(/\/$/, '');
  const sender = /<([^<>\s]+@[^<>\s]+)>/.exec(e.MAIL_FROM)?.[1] ?? (/^\S+@\S+$/.test(e.MAIL_FROM) ? e.MAIL_FROM : 'no-reply@fandeck.local');
  const subject = e.VAPID_SUBJECT ?? (origin?.startsWith('https://') ? origin : `mailto:${sender}`);
  return { ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { keys: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } } : {}), subject };
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value && /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:]+\]$/.test(url.hostname);
  } catch {
    return false;
  }
}

const IPV4_CIDR = /^(\d{1,3})(\.\d{1,3}){3}(\/\d{1,2})?$/;
const IPV6_CIDR = /^[0-9a-f:]+(\/\d{1,3})?$/i;

/** `off` → false; `1`..`10` → hops; else a list of IPs/CIDRs; undefined when malformed. */
export function parseTrustProxy(value: string): false | number | string[] | undefined {
  const text = value.trim().toLowerCase();
  if (text === 'off' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= 10 ? hops : undefined;
  }
  const list = splitList(text);
  if (list.length === 0) return undefined;
  return list.every((item) => IPV4_CIDR.test(item) || (item.includes(':') && IPV6_CIDR.test(item))) ? list : undefined;
}

function stripEmpty(source: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(source)) if (v !== undefined && v !== '') out[k] = v;
  return out;
}
