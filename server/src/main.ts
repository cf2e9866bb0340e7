import path from 'node:path';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { ConfigError, loadConfig, type Config } from './config/env.js';
import { openDatabase } from './db/client.js';
import { DataFolderError } from './db/data-folder.js';

const started = performance.now();

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
// Embedded PostgreSQL is WebAssembly. Measured here (`npm run bench -w server`, scripts/measure-start.sh),
// V8's optimising tier buys it no throughput, while compiling it on the first queries after
// opening costs about 0.45 s of every start; so the embedded database runs on the baseline tier.
if (!config.databaseUrl) v8.setFlagsFromString('--liftoff-only');
// The app's modules load while the database opens (PGlite's start is most of a restart).
const modules = Promise.all([import('./app.js'), import('./bootstrap.js'), import('./seed/demo.js'), import('./money/idempotency.js'), import('./money/used-quotes.js')]);
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pglite'),
  poolSize: config.databasePoolSize,
  onIdleError: (error) => console.error(`database connection lost: ${error.message}`),
}).catch((error: unknown) => {
  if (!(error instanceof DataFolderError)) throw error;
  console.error(`\n${error.message}\n`);
  process.exit(1);
});
const [{ buildApp }, { createContext, ensureBaseData }, { DEMO_LOGINS, DEMO_PASSWORD, demoDataRefusal, seedDemo }, { pruneIdempotencyKeys }, { pruneUsedQuotes }] = await modules;
await database.migrate();
const ctx = createContext(config, database.db);
await ensureBaseData(ctx);
const refusal = await demoDataRefusal(ctx);
if (refusal) {
  console.error(`\n${refusal}\n`);
  await database.close();
  process.exit(1);
}
const seedNotes: string[] = [];
const seeded = config.seed === 'demo' ? await seedDemo(ctx, { note: (line) => seedNotes.push(line) }) : false;
const app = await buildApp(ctx, { logger: { level: config.logLevel }, serveSite: true, jobs: true });
try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  // Closed before exiting: an embedded database left open by a crash may not open again.
  const code = (error as NodeJS.ErrnoException).code;
  console.error(
    code === 'EADDRINUSE'
      ? `\nPort ${config.port} on ${config.host} is in use by another program: stop it, or set PORT to another port.\n`
      : `\nThe server could not listen on ${config.host}:${config.port}: ${(error as Error).message}\n`,
  );
  await app.close().catch(() => undefined);
  await database.close();
  process.exit(1);
}

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const origin = config.publicOrigin;
const lines = [
  '',
  `Fandeck is running on http://localhost:${port} (${database.kind === 'pglite' ? `embedded PostgreSQL in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL'})`,
  `  public origin: ${origin}`,
  `  mail: ${ctx.mailer.kind === 'outbox' ? `written to ${config.outboxDir}` : 'sent through SMTP'}`,
  `  ready in ${Math.round(performance.now() - started)} ms${seeded ? ' (first start: migrated and seeded demo data)' : ''}`,
  ...seedNotes.map((line) => `  demo data: ${line}`),
];
if (config.seed === 'demo') {
  lines.push('', `Demo logins (password for all: ${DEMO_PASSWORD}):`);
  for (const login of DEMO_LOGINS) lines.push(`  ${login.role.padEnd(10)} ${login.email.padEnd(26)} ${login.username}`);
}
console.log(lines.join('\n') + '\n');

// Idempotency keys only need to outlive client retries; completed ones older than a day go.
const DAY_MS = 24 * 60 * 60 * 1000;
const pruner = setInterval(() => {
  pruneIdempotencyKeys(database.db, DAY_MS).catch((error: unknown) => app.log.warn({ err: error }, 'pruning idempotency keys failed'));
  // A spent quote only matters until it expires (two minutes); a day's margin covers clock skew.
  pruneUsedQuotes(database.db, new Date(Date.now() - DAY_MS)).catch((error: unknown) => app.log.warn({ err: error }, 'pruning used quotes failed'));
}, 60 * 60 * 1000);
pruner.unref();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const timer = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, 15_000);
  timer.unref();
  clearInterval(pruner);
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
