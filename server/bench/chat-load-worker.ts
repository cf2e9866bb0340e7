/**
 * The load side of the message-delivery bench, in its own worker thread (the server's
 * thread must not share its event loop with 500 clients): connects every client's socket,
 * then sends messages at a fixed rate and times each from the send to the recipient's
 * `message_created`. The raw phase times the same fan-out without the message path: the
 * server thread emits a bare event to the recipient's room when asked (`raw` messages).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';
import { now, paced } from './pace.js';

export interface ChatLoadPlan {
  origin: string;
  /** Pairs of a fan (who sends) and a creator (who receives), each with a token. */
  pairs: { fan: { id: string; token: string }; creator: { id: string; token: string }; conversationId: string }[];
  ratePerSecond: number;
  seconds: number;
  warmupSeconds: number;
  /** The event the raw phase's bare emits go out under. */
  rawEvent: string;
}

export interface ChatLoadResult {
  connected: number;
  sent: number;
  delivered: number;
  /** Send start to the recipient's `message_created`, ms. */
  delivery: number[];
  /** Send start to the HTTP answer (the ack), ms. */
  ack: number[];
  /** The server thread's bare emit to the same rooms, at the same rate, ms. */
  raw: number[];
  failed: number;
}

const port = parentPort!;

async function connectAll(plan: ChatLoadPlan, onMessage: (payload: { clientId?: string; t?: number }, event: string) => void): Promise<Socket[]> {
  const tokens = plan.pairs.flatMap((pair) => [pair.fan.token, pair.creator.token]);
  const sockets: Socket[] = [];
  // Connect in batches so the handshakes do not all land in one tick.
  for (let i = 0; i < tokens.length; i += 50) {
    const batch = tokens.slice(i, i + 50).map(
      (token) =>
        new Promise<Socket>((resolve, reject) => {
          const socket = io(plan.origin, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
          socket.once('connect', () => resolve(socket));
          socket.once('connect_error', reject);
          socket.on('message_created', (payload: { clientId?: string }) => onMessage(payload, 'message'));
          socket.on(plan.rawEvent, (payload: { t?: number }) => onMessage(payload, 'raw'));
        }),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

async function run(plan: ChatLoadPlan): Promise<ChatLoadResult> {
  const sentAt = new Map<string, number>();
  const result: ChatLoadResult = { connected: 0, sent: 0, delivered: 0, delivery: [], ack: [], raw: [], failed: 0 };
  let measuring = false;
  const sockets = await connectAll(plan, (payload, event) => {
    if (event === 'raw') {
      if (typeof payload.t === 'number') result.raw.push(now() - payload.t);
      return;
    }
    const started = payload.clientId ? sentAt.get(payload.clientId) : undefined;
    // Both participants get the message; count the recipient's copy (the first to arrive after the send).
    if (started === undefined) return;
    sentAt.delete(payload.clientId!);
    if (measuring) {
      result.delivery.push(now() - started);
      result.delivered += 1;
    }
  });
  result.connected = sockets.length;

  const pending: Promise<void>[] = [];
  const send = (n: number, label: string) => {
    const pair = plan.pairs[n % plan.pairs.length]!;
    const clientId = `${label}-${n}`;
    const started = now();
    sentAt.set(clientId, started);
    pending.push(
      fetch(`${plan.origin}/api/messages/conversations/${pair.conversationId}`, {
        method: 'POST',
        headers: { authorization: pair.fan.token, 'content-type': 'application/json' },
        body: JSON.stringify({ clientId, text: `bench ${n}` }),
      }).then(
        async (res) => {
          await res.arrayBuffer();
          if (res.ok && measuring) result.ack.push(now() - started);
          if (!res.ok) result.failed += 1;
        },
        () => void (result.failed += 1),
      ),
    );
    if (measuring) result.sent += 1;
  };

  await paced(plan.ratePerSecond, plan.warmupSeconds, (n) => send(n, 'warm'));
  await Promise.all(pending.splice(0));
  measuring = true;
  await paced(plan.ratePerSecond, plan.seconds, (n) => send(n, 'run'));
  await Promise.all(pending.splice(0));

  // The raw figure: the server thread emits a bare event to each recipient's room at the same rate.
  await paced(plan.ratePerSecond, plan.seconds, (n) => port.postMessage({ raw: plan.pairs[n % plan.pairs.length]!.creator.id, t: now() }));
  // Wait (bounded) for the last deliveries of both phases.
  const deadline = performance.now() + 5000;
  const expectedRaw = Math.round(plan.ratePerSecond * plan.seconds);
  while ((result.delivered < result.sent - result.failed || result.raw.length < expectedRaw) && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  for (const socket of sockets) socket.close();
  return result;
}

run(workerData as ChatLoadPlan).then(
  (result) => port.postMessage({ result }),
  (error: unknown) => port.postMessage({ error: String((error as Error)?.stack ?? error) }),
);
