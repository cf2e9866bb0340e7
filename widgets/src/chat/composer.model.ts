/**
 * One composer's draft: the text, the files being uploaded for it (each with its
 * progress, cancellable) and, for creators, the price that locks the files. A view makes
 * one per open thread (`useModel`); uploads still running are cancelled when it goes.
 */
import { MESSAGE_FILES_MAX, MESSAGE_TEXT_MAX, type MessageUploadDto } from '@fandeck/contract';
import { computed, createModel, effect, signal, type ReadonlySignal } from '@preact/signals-core';
import { parseAmount } from '../format/money.js';
import type { ActionError } from '../session/outcome.js';
import type { Session } from '../session/session.js';
import { uploadKindOf, uploadMessageFile, type UploadKind } from './chat-api.js';
import type { Draft } from './chat.model.js';

export interface Attachment {
  /** This composer's own id for it. */
  id: string;
  name: string;
  kind: UploadKind;
  status: 'uploading' | 'done' | 'failed';
  /** Percent uploaded. */
  progress: number;
  upload: MessageUploadDto | null;
  error: ActionError | null;
}

/** What stops the draft from going, said before anything is sent. */
export type DraftProblem = 'unsupported' | 'too-many' | 'too-long' | 'price';

let nextId = 0;

export const ComposerModel = createModel((session: Session) => {
  const text = signal('');
  const price = signal('');
  const attachments = signal<Attachment[]>([]);
  const notice = signal<'unsupported' | 'too-many' | null>(null);
  const controllers = new Map<string, AbortController>();

  const update = (id: string, patch: Partial<Attachment>) => (attachments.value = attachments.peek().map((item) => (item.id === id ? { ...item, ...patch } : item)));
  const drop = (id: string) => {
    controllers.get(id)?.abort();
    controllers.delete(id);
    attachments.value = attachments.peek().filter((item) => item.id !== id);
  };
  const uploaded = computed(() => attachments.value.filter((item) => item.status === 'done' && item.upload));
  const priced = computed(() => price.value.trim() !== '');

  const problem = computed<DraftProblem | null>(() => {
    if (text.value.length > MESSAGE_TEXT_MAX) return 'too-long';
    if (priced.value) {
      const amount = parseAmount(price.value);
      if (!amount.ok || amount.value <= 0) return 'price';
    }
    return notice.value;
  });

  const canSend = computed(
    () =>
      !attachments.value.some((item) => item.status === 'uploading') &&
      (text.value.trim() !== '' || uploaded.value.length > 0) &&
      problem.value !== 'too-long' &&
      problem.value !== 'price',
  );

  // The composer goes: uploads still running are cancelled.
  effect(() => () => {
    for (const controller of controllers.values()) controller.abort();
    controllers.clear();
  });

  async function upload(file: File, kind: UploadKind): Promise<void> {
    const id = `file-${++nextId}`;
    const controller = new AbortController();
    controllers.set(id, controller);
    attachments.value = [...attachments.peek(), { id, name: file.name, kind, status: 'uploading', progress: 0, upload: null, error: null }];
    const outcome = await uploadMessageFile(session, file, kind, {
      signal: controller.signal,
      onProgress: (loaded, total) => {
        if (total > 0) update(id, { progress: Math.min(100, Math.round((loaded / total) * 100)) });
      },
    });
    controllers.delete(id);
    // Cancelled: it is already gone from the draft.
    if (controller.signal.aborted) return;
    update(id, outcome.ok ? { status: 'done', progress: 100, upload: outcome.value } : { status: 'failed', error: outcome.error });
  }

  return {
    text: text as ReadonlySignal<string>,
    price: price as ReadonlySignal<string>,
    attachments: attachments as ReadonlySignal<Attachment[]>,
    problem,
    canSend,

    setText(value: string): void {
      text.value = value;
    },
    setPrice(value: string): void {
      price.value = value;
    },

    /** Uploads the files chosen; ones messages cannot carry, or past the limit, are left out and said. */
    attach(files: readonly File[]): Promise<unknown> {
      notice.value = null;
      const started: Promise<void>[] = [];
      for (const file of files) {
        const kind = uploadKindOf(file);
        if (!kind) {
          notice.value = 'unsupported';
          continue;
        }
        if (attachments.peek().length >= MESSAGE_FILES_MAX) {
          notice.value = 'too-many';
          break;
        }
        started.push(upload(file, kind));
      }
      return Promise.all(started);
    },

    /** Cancels an upload, or takes an uploaded file out of the draft. */
    remove(id: string): void {
      drop(id);
      notice.value = null;
    },

    /** The message to send, or null while it cannot go. */
    draft(): Draft | null {
      if (!canSend.peek()) return null;
      const amount = parseAmount(price.peek());
      const files = uploaded.peek().map((item) => item.upload!);
      return { text: text.peek(), files, price: files.length > 0 && amount.ok ? amount.value : 0 };
    },

    /** Empties the draft after it went into the outbox. */
    reset(): void {
      for (const controller of controllers.values()) controller.abort();
      controllers.clear();
      text.value = '';
      price.value = '';
      attachments.value = [];
      notice.value = null;
    },
  };
});

export type ComposerModel = InstanceType<typeof ComposerModel>;
