/**
 * A chat client as the widgets' outbox runs it, for tests against a real server process
 * that is killed under it: every message gets a client-made id and is resent until the
 * server acks it (the answer comes only after commit); the socket delivers new messages;
 * after every (re)connect the client fetches what it missed since the last `seq` it holds.
 */
import type { MessageDto } from '@fandeck/contract';
import { io, type Socket } from 'socket.io-client';

export interface ChatClientOptions {
  name: string;
  token: string;
  /** The origin to use now; may change between calls (two processes, one killed). */
  origin: () => string;
}

const isRetryable = (status: number) => status >= 500 || status === 429 || status === 0;

export class ChatClient {
  /** What this client holds, by message id, for the conversations it follows. */
  readonly history = new Map<string, MessageDto>();
  readonly acked: MessageDto[] = [];
  resends = 0;
  private readonly conversations = new Set<string>();
  /**
   * Per conversation, the `seq` up to which this client fetched everything. Only a finished
   * catch-up moves it: a live event or an own ack may arrive while older messages were
   * missed, so neither may (the server keeps each conversation's `seq` in commit order).
   */
  private readonly synced = new Map<string, number>();
  private socket: Socket | null = null;
  private catchingUp = Promise.resolve();

  constructor(private readonly options: ChatClientOptions) {}

  get name(): string {
    return this.options.name;
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; data?: T }> {
    try {
      const res = await fetch(`${this.options.origin()}/api${path}`, {
        method,
        headers: { authorization: this.options.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      const json = (await res.json().catch(() => ({}))) as { data?: T };
      return { status: res.status, data: json.data };
    } catch {
      // Refused, reset or timed out: the server is down or going down.
      return { status: 0 };
    }
  }

  /** Retries an idempotent call until the server answers it with a 2xx (or a 4xx, which fails). */
  async untilOk<T>(method: string, path: string, body?: unknown): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      const { status, data } = await this.call<T>(method, path, body);
      // A 2xx whose body the kill cut off is no answer: ask again (the calls here are idempotent).
      if (status >= 200 && status < 300 && data !== undefined) return data;
      if (!isRetryable(status) && !(status >= 200 && status < 300)) throw new Error(`${this.name}: ${method} ${path} answered ${status}`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(50 * 2 ** attempt, 500)));
    }
  }

  async openWith(performerId: string): Promise<string> {
    const conversation = await this.untilOk<{ _id: string }>('POST', '/conversations', { source: 'performer', sourceId: performerId });
    this.follow(conversation._id);
    return conversation._id;
  }

  follow(conversationId: string): void {
    this.conversations.add(conversationId);
  }

  /** Connects the socket; every connect (the first and each reconnect) fetches what was missed. */
  connect(): void {
    this.socket?.close();
    const socket = io(this.options.origin(), {
      path: '/socket.io',
      auth: { token: this.options.token },
      transports: ['websocket'],
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
    });
    socket.on('message_created', (message: MessageDto) => this.keep(message));
    socket.on('connect', () => void this.catchUp());
    this.socket = socket;
  }

  /** Two processes: after one dies, reconnect to whichever `origin()` names now. */
  reconnectTo(): void {
    this.connect();
  }

  private keep(message: MessageDto): void {
    if (this.conversations.has(message.conversationId)) this.history.set(message._id, message);
  }

  /** Fetches, per conversation, every message after the last held `seq`, page after page. */
  catchUp(): Promise<void> {
    this.catchingUp = this.catchingUp.then(async () => {
      for (const conversationId of this.conversations) {
        for (;;) {
          const since = this.synced.get(conversationId) ?? 0;
          const page = await this.untilOk<{ data: MessageDto[] }>('GET', `/messages/conversations/${conversationId}?sinceSeq=${since}`);
          if (page.data.length === 0) break;
          for (const message of page.data) this.keep(message);
          this.synced.set(conversationId, Math.max(since, ...page.data.map((message) => message.seq)));
        }
      }
    });
    return this.catchingUp;
  }

  /** Sends one message and resends it (same client id) until acked; returns the stored message. */
  async send(conversationId: string, clientId: string, text: string): Promise<MessageDto> {
    for (let attempt = 0; ; attempt += 1) {
      const { status, data } = await this.call<MessageDto>('POST', `/messages/conversations/${conversationId}`, { clientId, text });
      if (status >= 200 && status < 300 && data) {
        this.acked.push(data);
        this.keep(data);
        return data;
      }
      if (!isRetryable(status) && !(status >= 200 && status < 300)) throw new Error(`${this.name}: send ${clientId} answered ${status}`);
      this.resends += 1;
      await new Promise((resolve) => setTimeout(resolve, Math.min(50 * 2 ** attempt, 500)));
    }
  }

  close(): void {
    this.socket?.close();
    this.socket = null;
  }
}
