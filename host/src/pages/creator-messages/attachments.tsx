import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { MESSAGE_FILES_MAX, type MessageUploadDto } from '@fandeck/contract';
import { useTranslation } from '@fandeck/widgets/i18n';
import { session } from '../../session/session.js';

/** Whose upload routes a tool's files go to: `<base>.photo` and `<base>.video` (`massMessages.photo`, ...). */
export type UploadBase = 'massMessages' | 'templates';

type Kind = 'photo' | 'video';

export type Attachment =
  /** Already on the saved item: known by id only. */
  | { key: string; status: 'stored'; fileId: string }
  | { key: string; status: 'uploading'; name: string; kind: Kind; loaded: number; total: number; controller: AbortController }
  | { key: string; status: 'processing'; name: string; kind: Kind; controller: AbortController }
  | { key: string; status: 'done'; name: string; kind: Kind; fileId: string }
  | { key: string; status: 'failed'; name: string; kind: Kind; message: string };

const stored = (ids: readonly string[]): Attachment[] => ids.map((fileId) => ({ key: `stored-${fileId}`, status: 'stored', fileId }));

/**
 * The files of a message being written: those it already carries and those uploaded now,
 * each with its progress, a cancel while it uploads and a remove once it is there.
 * Leaving the page cancels what is still uploading.
 */
export function useAttachments(base: UploadBase, initialIds: readonly string[]) {
  const [items, setItems] = useState<Attachment[]>(() => stored(initialIds));
  const [tooMany, setTooMany] = useState(false);
  const nextKey = useRef(0);
  const live = useRef(true);
  const current = useRef(items);
  current.current = items;
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      for (const item of current.current) if (item.status === 'uploading' || item.status === 'processing') item.controller.abort();
    };
  }, []);

  const update = useCallback((key: string, next: Attachment | null) => {
    if (!live.current) return;
    setItems((all) => (next ? all.map((item) => (item.key === key ? next : item)) : all.filter((item) => item.key !== key)));
  }, []);

  async function upload(file: File) {
    const key = `new-${nextKey.current++}`;
    const kind: Kind = file.type.startsWith('video/') ? 'video' : 'photo';
    const controller = new AbortController();
    const about = { key, name: file.name, kind };
    setItems((all) => [...all, { ...about, status: 'uploading', loaded: 0, total: file.size, controller }]);
    const form = new FormData();
    form.append('file', file, file.name);
    const outcome = await session.api[base][kind].upload({
      form,
      signal: controller.signal,
      onProgress: (loaded, total) => {
        if (controller.signal.aborted) return;
        update(key, loaded >= total ? { ...about, status: 'processing', controller } : { ...about, status: 'uploading', loaded, total, controller });
      },
    });
    if (outcome.ok) update(key, { ...about, status: 'done', fileId: outcome.value._id });
    else if (controller.signal.aborted) update(key, null);
    else update(key, { ...about, status: 'failed', message: outcome.error.message });
  }

  function add(files: readonly File[]) {
    const room = MESSAGE_FILES_MAX - current.current.filter((item) => item.status !== 'failed').length;
    setTooMany(files.length > room);
    for (const file of files.slice(0, Math.max(0, room))) void upload(file);
  }

  function remove(key: string) {
    const item = current.current.find((one) => one.key === key);
    if (item && (item.status === 'uploading' || item.status === 'processing')) item.controller.abort();
    setTooMany(false);
    update(key, null);
  }

  const reset = useCallback((ids: readonly string[]) => {
    for (const item of current.current) if (item.status === 'uploading' || item.status === 'processing') item.controller.abort();
    setItems(stored(ids));
    setTooMany(false);
  }, []);

  return {
    items,
    tooMany,
    add,
    remove,
    reset,
    busy: items.some((item) => item.status === 'uploading' || item.status === 'processing'),
    fileIds: () => items.flatMap((item) => (item.status === 'stored' || item.status === 'done' ? [item.fileId] : [])),
  };
}

export type Attachments = ReturnType<typeof useAttachments>;

/** The files field: what is attached with its state, and the picker for more photos and videos. */
export function AttachmentsField({ attachments }: { attachments: Attachments }) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  let storedNumber = 0;

  function choose(event: ChangeEvent<HTMLInputElement>) {
    attachments.add([...(event.target.files ?? [])]);
    if (input.current) input.current.value = '';
  }

  return (
    <fieldset className="attachments" data-testid="attachments">
      <legend>{t('creatorMessages.fields.files')}</legend>
      {attachments.items.length > 0 ? (
        <ul className="attachments__list">
          {attachments.items.map((item) => {
            const name = item.status === 'stored' ? t('creatorMessages.fields.storedFile', { n: ++storedNumber }) : item.name;
            return (
              <li key={item.key} className="attachments__item" data-attachment={item.status}>
                <span>{name}</span>
                <AttachmentState item={item} />
                <button type="button" className="button button--ghost" onClick={() => attachments.remove(item.key)}>
                  {item.status === 'uploading' || item.status === 'processing' ? t('creatorMessages.fields.cancelUpload', { name }) : t('creatorMessages.fields.remove', { name })}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <label htmlFor={`${id}-files`}>{t('creatorMessages.fields.attach')}</label>
      <input ref={input} id={`${id}-files`} type="file" accept="image/*,video/*" multiple onChange={choose} aria-describedby={`${id}-hint`} />
      <small id={`${id}-hint`} className="muted">
        {t('creatorMessages.fields.filesHint', { max: MESSAGE_FILES_MAX })}
      </small>
      {attachments.tooMany ? (
        <p className="error" role="alert">
          {t('creatorMessages.fields.tooManyFiles', { max: MESSAGE_FILES_MAX })}
        </p>
      ) : null}
    </fieldset>
  );
}

function AttachmentState({ item }: { item: Attachment }) {
  const { t } = useTranslation();
  if (item.status === 'uploading') {
    const percent = item.total > 0 ? Math.floor((item.loaded / item.total) * 100) : 0;
    return <progress max={100} value={percent} aria-label={t('creatorMessages.fields.uploading', { percent })} />;
  }
  if (item.status === 'processing') return <span className="muted">{t('creatorMessages.fields.processing')}</span>;
  if (item.status === 'failed') {
    return (
      <span className="error" role="alert">
        {item.message}
      </span>
    );
  }
  return null;
}
