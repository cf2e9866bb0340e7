import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { disposeModel } from '../session/feature.js';
import type { OwnedSession } from '../session/session.js';
import { demoFan, ok, type FakeTransport } from '../session/testing/fake-transport.js';
import { signedInFan } from '../session/testing/signed-in.js';
import type { TransportResult, UploadOptions } from '../session/transport.js';
import { ChatModel } from './chat.model.js';
import { ComposerModel } from './composer.model.js';
import { serveChat, type FakeChatServer } from './testing/chat-server.js';

let transport: FakeTransport;
let session: OwnedSession;
let server: FakeChatServer;
let composer: ComposerModel;
/** Uploads on their way: the test reports progress and answers them. */
let uploads: { path: string; options: UploadOptions; answer: (result: TransportResult<unknown>) => void }[];

const waitFor = <T>(check: () => T) => vi.waitFor(check, { interval: 10 });
const file = (name: string, type: string) => new File([new Uint8Array([1, 2, 3])], name, { type });

beforeEach(async () => {
  localStorage.clear();
  ({ transport, session } = await signedInFan(50));
  server = serveChat(transport, demoFan._id);
  uploads = [];
  transport.upload = <T>(path: string, options: UploadOptions) =>
    new Promise<TransportResult<T>>((resolve) => {
      const answer = (result: TransportResult<unknown>) => resolve(result as TransportResult<T>);
      options.signal?.addEventListener('abort', () => answer({ ok: false, status: -1, body: undefined }));
      uploads.push({ path, options, answer });
    });
  composer = new ComposerModel(session);
});

afterEach(() => {
  disposeModel(composer);
  session.dispose();
});

describe('composer', () => {
  it('uploads each file to its route with a progress bar, and sends the message with them', async () => {
    void composer.attach([file('praia.jpg', 'image/jpeg'), file('voz.ogg', 'audio/ogg')]);
    expect(uploads.map((upload) => upload.path)).toEqual(['/messages/private/file/photo', '/messages/private/file']);
    expect((uploads[0]!.options.form.get('file') as File).name).toBe('praia.jpg');
    expect(composer.canSend.value).toBe(false);

    uploads[0]!.options.onProgress?.(30, 120);
    expect(composer.attachments.value.map((item) => [item.name, item.status, item.progress])).toEqual([
      ['praia.jpg', 'uploading', 25],
      ['voz.ogg', 'uploading', 0],
    ]);
    uploads[0]!.answer(ok({ _id: 'up-1', type: 'photo', url: 'http://platform.test/files/up-1.jpg', status: null }));
    uploads[1]!.answer(ok({ _id: 'up-2', type: 'audio', url: null, status: null }));
    await waitFor(() => expect(composer.canSend.value).toBe(true));
    expect(composer.attachments.value.map((item) => [item.status, item.progress])).toEqual([
      ['done', 100],
      ['done', 100],
    ]);

    const chat = new ChatModel(session, { retryDelay: () => 0 });
    try {
      const draft = composer.draft()!;
      expect(chat.send('conv-1', draft).ok).toBe(true);
      await waitFor(() => expect(server.sends).toHaveLength(1));
      expect(server.sends[0]).toEqual({ clientId: expect.any(String), fileIds: ['up-1', 'up-2'] });
    } finally {
      disposeModel(chat);
    }
  });

  it('cancels an upload on the way (the request is aborted, the file leaves the draft) and refuses what messages cannot carry', async () => {
    void composer.attach([file('clipe.mp4', 'video/mp4'), file('nota.pdf', 'application/pdf')]);
    expect(uploads.map((upload) => upload.path)).toEqual(['/messages/private/file/video']);
    expect(composer.problem.value).toBe('unsupported');
    const [video] = composer.attachments.value;
    composer.remove(video!.id);
    expect(uploads[0]!.options.signal?.aborted).toBe(true);
    expect(composer.attachments.value).toEqual([]);
    expect(composer.problem.value).toBeNull();
  });

  it('a creator’s price locks the files: it must read as an amount, and goes as decimal units', async () => {
    composer.setText('Exclusivo');
    void composer.attach([file('a.jpg', 'image/jpeg')]);
    uploads[0]!.answer(ok({ _id: 'up-1', type: 'photo', url: null, status: null }));
    await waitFor(() => expect(composer.canSend.value).toBe(true));
    composer.setPrice('abc');
    expect(composer.problem.value).toBe('price');
    expect(composer.draft()).toBeNull();
    composer.setPrice('9,90');
    expect(composer.draft()).toMatchObject({ text: 'Exclusivo', price: 9.9, files: [{ _id: 'up-1' }] });
    composer.reset();
    expect([composer.text.value, composer.price.value, composer.attachments.value]).toEqual(['', '', []]);
  });

  it('says an upload the server refused by its code', async () => {
    void composer.attach([file('grande.jpg', 'image/jpeg')]);
    uploads[0]!.answer({ ok: false, status: 413, body: { statusCode: 413, code: 'media.too_large', message: 'Too large', error: 'Payload Too Large' } });
    await waitFor(() => expect(composer.attachments.value[0]?.status).toBe('failed'));
    expect(composer.attachments.value[0]?.error).toMatchObject({ code: 'media.too_large', message: 'O arquivo é maior que o limite permitido.' });
    expect(composer.canSend.value).toBe(false);
  });
});
