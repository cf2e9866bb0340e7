/**
 * The real Fandeck server for the live-connection browser test, run as a child process
 * (`node --import tsx`) by live-server-control.ts. It boots exactly as server/src/main.ts
 * does (same config, database, migrations, demo seed, app and socket.io code) and adds
 * two test-only hooks over the parent's IPC channel, nothing reachable over HTTP:
 *
 * - every `auth/login` a socket sends is reported to the parent with the user the
 *   server's own token resolver found, so the test can prove from the server side that
 *   the page re-sent it after a restart;
 * - the parent may ask for `realtime.emitToUser(userId, event, payload)`, the call the
 *   server's domains use, so an `update_balance` reaches the user's room.
 */
import path from 'node:path';
import type { Server as SocketServer } from 'socket.io';
import { buildApp } from '../../../../server/src/app.js';
import { createContext, ensureBaseData } from '../../../../server/src/bootstrap.js';
import { loadConfig } from '../../../../server/src/config/env.js';
import { openDatabase } from '../../../../server/src/db/client.js';
import { createRealtime, type Realtime } from '../../../../server/src/realtime/realtime.js';
import { seedDemo } from '../../../../server/src/seed/demo.js';
import type { HarnessRequest, HarnessReport } from './live-server-protocol.js';

function report(message: HarnessReport): void {
  process.send?.(message);
}

/** The server's realtime, with a listener that reports each `auth/login` after the server's own handler sees it. */
function tappedRealtime(redisUrl: string | undefined): Realtime {
  const realtime = createRealtime({ redisUrl });
  return {
    ...realtime,
    async attach(server, resolveToken) {
      const io: SocketServer = await realtime.attach(server, resolveToken);
      io.on('connection', (socket) => {
        socket.on('auth/login', (payload: { token?: unknown } | undefined) => {
          const token = payload?.token;
          const resolving = typeof token === 'string' && token.length > 0 ? resolveToken(token).catch(() => null) : Promise.resolve(null);
          void resolving.then((found) => report({ type: 'auth-login', socketId: socket.id, userId: found?.userId ?? null }));
        });
      });
      return io;
    },
  };
}

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite'), poolSize: config.databasePoolSize });
await database.migrate();
const ctx = createContext(config, database.db, { realtime: tappedRealtime(config.redisUrl) });
await ensureBaseData(ctx);
if (config.seed === 'demo') await seedDemo(ctx, { media: false });
const app = await buildApp(ctx, { logger: { level: config.logLevel } });
await app.listen({ port: config.port, host: config.host });

process.on('message', (message: HarnessRequest) => {
  if (message.type === 'emit') {
    ctx.realtime.emitToUser(message.userId, message.event, message.payload);
    report({ type: 'emitted', id: message.id });
  }
});

let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  // As main.ts: Fastify closes socket.io (its preClose hook) and the HTTP server, then the database.
  await app.close().catch(() => undefined);
  await database.close().catch(() => undefined);
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
// The parent went away without stopping us: do not linger holding the port.
process.on('disconnect', () => void shutdown());

report({ type: 'ready', port: config.port });
