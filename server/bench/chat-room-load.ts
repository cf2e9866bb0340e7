/**
 * The load side of the stream-chat bench (`bench/chat.ts`), run as a child process so its
 * sockets never share the server's event loop or count in the server's CPU. The parent
 * drives it over IPC: `connect` a share of the room's clients to a target (Fandeck or the
 * bare socket.io server), `start` counting, `report`; or, as the sender, `send` messages at
 * a fixed rate. Each message's text carries its send time, so every receipt is timed where
 * it lands.
 */
import { io, type Socket } from 'socket.io-client';
import { now, paced } from './pace.js';

/** Where a share of clients connects, and what it listens to. */
export interface ChatTarget {
  name: string;
  origin: string;
  /** One token per client (null: an anonymous client). */
  tokens: (string | null)[];
  room: string;
  event: string;
}

/** Where the sender sends: Fandeck's HTTP route (`url`), or an acked socket event (`event`). */
export interface SendPlan {
  name: string;
  origin: string;
  token: string;
  /** Fandeck over HTTP: the stream chat's send URL. */
  url?: string;
  /** Absent `url`: the event emitted on a socket to `origin` (the bare server's `chat`, Fandeck's `stream-chat/send`). */
  event?: string;
  /** Sent in the event's payload when set (Fandeck's event names the stream chat). */
  conversationId?: string;
  rate: number;
  seconds: number;
  /** Prefix of this run's clientIds, unique per run. */
  label: string;
}

export interface ReceiptReport {
  clients: number;
  /** Send to receipt, ms, one per (message, client). */
  latencies: number[];
  /** clientId to how many clients received it. */
  receivedBy: Record<string, number>;
  /** Receipts of a message a client had already received. */
  duplicates: number;
  /** Receipts with a `seq` not above the client's previous one. */
  outOfOrder: number;
  lastReceipt: number;
}

export interface SendReport {
  acked: string[];
  failed: number;
  firstSend: number;
  lastSend: number;
  /** Send to answer, ms. */
  ack: number[];
}

export type ChatLoadCommand =
  | { op: 'connect'; target: ChatTarget }
  | { op: 'start'; target: string; label: string }
  | { op: 'progress'; target: string }
  | { op: 'report'; target: string }
  | { op: 'send'; plan: SendPlan }
  | { op: 'disconnect'; target: string }
  | { op: 'close' };

/** The send time a message's text carries after its `@`. */
export const stampedText = (clientId: string) => `${clientId} @${now().toFixed(3)}`;
const stampOf = (text: unknown) => (typeof text === 'string' ? Number(text.slice(text.lastIndexOf('@') + 1)) : Number.NaN);

interface Share {
  sockets: Socket[];
  label: string;
  report: ReceiptReport;
}

const shares = new Map<string, Share>();
const reply = (message: unknown) => process.send!(message);
const emptyReport = (clients: number): ReceiptReport => ({ clients, latencies: [], receivedBy: {}, duplicates: 0, outOfOrder: 0, lastReceipt: 0 });

function connectOne(target: ChatTarget, token: string | null, share: Share): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(target.origin, { path: '/socket.io', auth: token ? { token } : {}, transports: ['websocket'], reconnection: false });
    const seen = new Set<string>();
    let lastSeq = -Infinity;
    socket.on(target.event, (payload: { clientId?: string; text?: string; seq?: number }) => {
      const at = now();
      const id = payload.clientId ?? '';
      if (!id.startsWith(share.label)) return;
      const report = share.report;
      if (seen.has(id)) {
        report.duplicates += 1;
        return;
      }
      seen.add(id);
      if (typeof payload.seq !== 'number' || payload.seq <= lastSeq) report.outOfOrder += 1;
      lastSeq = payload.seq ?? lastSeq;
      report.latencies.push(at - stampOf(payload.text));
      report.receivedBy[id] = (report.receivedBy[id] ?? 0) + 1;
      report.lastReceipt = at;
    });
    socket.once('connect_error', reject);
    socket.once('connect', () =>
      socket.emit('joinRoom', target.room, (answer: { ok?: boolean }) => (answer?.ok ? resolve(socket) : reject(new Error(`${target.name}: joinRoom ${target.room} refused`)))),
    );
  });
}

async function connect(target: ChatTarget): Promise<number> {
  const share: Share = { sockets: [], label: '\u0000', report: emptyReport(target.tokens.length) };
  shares.set(target.name, share);
  // In batches, so the handshakes do not all land in one tick.
  for (let i = 0; i < target.tokens.length; i += 50) {
    share.sockets.push(...(await Promise.all(target.tokens.slice(i, i + 50).map((token) => connectOne(target, token, share)))));
  }
  return share.sockets.length;
}

async function send(plan: SendPlan): Promise<SendReport> {
  const report: SendReport = { acked: [], failed: 0, firstSend: 0, lastSend: 0, ack: [] };
  const socket = plan.url ? null : io(plan.origin, { path: '/socket.io', auth: { token: plan.token }, transports: ['websocket'], reconnection: false });
  if (socket) await new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject));
  const pending: Promise<void>[] = [];
  const answered = (clientId: string, started: number, ok: boolean) => {
    if (!ok) return void (report.failed += 1);
    report.acked.push(clientId);
    report.ack.push(now() - started);
  };
  await paced(plan.rate, plan.seconds, (n) => {
    const clientId = `${plan.label}${n}`;
    const started = now();
    report.firstSend ||= started;
    report.lastSend = started;
    const body = { ...(plan.conversationId ? { conversationId: plan.conversationId } : {}), clientId, text: stampedText(clientId) };
    if (socket) {
      pending.push(new Promise((resolve) => socket.emit(plan.event ?? 'chat', body, (answer: { ok?: boolean }) => resolve(answered(clientId, started, answer?.ok === true)))));
      return;
    }
    pending.push(
      fetch(plan.url!, { method: 'POST', headers: { authorization: plan.token, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
        async (res) => {
          await res.arrayBuffer();
          answered(clientId, started, res.ok);
        },
        () => answered(clientId, started, false),
      ),
    );
  });
  await Promise.all(pending);
  socket?.close();
  return report;
}

async function serve(command: ChatLoadCommand): Promise<unknown> {
  switch (command.op) {
    case 'connect':
      return { connected: await connect(command.target) };
    case 'start': {
      const share = shares.get(command.target)!;
      share.label = command.label;
      share.report = emptyReport(share.sockets.length);
      return { started: true };
    }
    case 'progress': {
      const report = shares.get(command.target)!.report;
      return { receipts: report.latencies.length };
    }
    case 'report':
      return { report: shares.get(command.target)!.report };
    case 'send':
      return { sent: await send(command.plan) };
    case 'disconnect':
      for (const socket of shares.get(command.target)?.sockets ?? []) socket.close();
      shares.delete(command.target);
      return { disconnected: true };
    case 'close':
      for (const share of shares.values()) for (const socket of share.sockets) socket.close();
      setImmediate(() => process.exit(0));
      return { closed: true };
  }
}

process.on('message', (command: ChatLoadCommand) => {
  serve(command).then(reply, (error: unknown) => reply({ error: String((error as Error)?.stack ?? error) }));
});
