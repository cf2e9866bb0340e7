/**
 * The bare socket.io server the stream-chat bench measures Fandeck against: clients join
 * one room, the sender emits `chat` and the server broadcasts it to the room, as the same
 * payload Fandeck sends (a stored message's shape, from a template), with nothing else on
 * the way: no HTTP, no database, no rules.
 */
import { createServer } from 'node:http';
import type { MessageDto } from '@fandeck/contract';
import { Server } from 'socket.io';

export interface RawServer {
  origin: string;
  close(): Promise<void>;
}

export async function startRawServer(room: string, event: string, template: MessageDto): Promise<RawServer> {
  const http = createServer();
  const io = new Server(http, { path: '/socket.io', transports: ['websocket'] });
  let seq = 0;
  io.on('connection', (socket) => {
    socket.on('joinRoom', (name: unknown, ack: unknown) => {
      if (name === room) void socket.join(room);
      if (typeof ack === 'function') ack({ ok: name === room });
    });
    socket.on('chat', (body: { clientId?: string; text?: string }, ack: unknown) => {
      seq += 1;
      const at = new Date().toISOString();
      io.to(room).emit(event, { ...template, _id: `raw${seq}`, seq, clientId: body.clientId ?? '', text: body.text ?? '', createdAt: at, updatedAt: at });
      if (typeof ack === 'function') ack({ ok: true });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
}
