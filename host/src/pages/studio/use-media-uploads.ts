import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadCall } from '../../components/file-upload.js';

/** What a studio file is: the label, the preview and the upload route follow from it. */
export type MediaKind = 'photo' | 'video' | 'audio';

/** One file of a studio form, from the moment it is chosen until the server holds it. */
export interface MediaItem {
  key: number;
  name: string;
  kind: MediaKind;
  /** An object URL of the chosen file, or the server's link for a file already stored. */
  preview: string | null;
  state: 'queued' | 'uploading' | 'processing' | 'done' | 'failed';
  percent: number;
  fileId?: string;
  message?: string;
}

export const kindOfFile = (file: File): MediaKind => (file.type.startsWith('video/') ? 'video' : file.type.startsWith('audio/') ? 'audio' : 'photo');

/** How one file is sent: its route's upload and the form that carries it. */
export interface Sender {
  call: UploadCall<{ _id: string }>;
  form: FormData;
}

/**
 * The files of a studio form in their order: chosen (with a local preview), sent with their
 * progress and a cancel, reordered, removed. Object URLs are revoked when a file goes.
 */
export function useMediaUploads() {
  const [items, setItems] = useState<MediaItem[]>([]);
  const nextKey = useRef(0);
  const controllers = useRef(new Map<number, AbortController>());
  const urls = useRef(new Set<string>());
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    const owned = urls.current;
    const running = controllers.current;
    return () => {
      live.current = false;
      for (const controller of running.values()) controller.abort();
      for (const url of owned) URL.revokeObjectURL(url);
    };
  }, []);

  const patch = useCallback((key: number, change: Partial<MediaItem>) => {
    if (live.current) setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  /** Adds chosen files, queued; answers them so the caller may send each. */
  const add = useCallback((files: readonly File[]): { item: MediaItem; file: File }[] => {
    const added = files.map((file) => {
      const preview = file.type.startsWith('image/') || file.type.startsWith('video/') ? URL.createObjectURL(file) : null;
      if (preview) urls.current.add(preview);
      const item: MediaItem = { key: nextKey.current++, name: file.name, kind: kindOfFile(file), preview, state: 'queued', percent: 0 };
      return { item, file };
    });
    setItems((current) => [...current, ...added.map(({ item }) => item)]);
    return added;
  }, []);

  /** Files already on the server (an edit): shown done, with their stored preview. */
  const restore = useCallback((stored: Omit<MediaItem, 'key' | 'state' | 'percent'>[]) => {
    setItems(stored.map((item) => ({ ...item, key: nextKey.current++, state: 'done', percent: 100 })));
  }, []);

  /** Sends one added file; answers its id, or null when it failed or was cancelled. */
  const send = useCallback(
    async (key: number, { call, form }: Sender): Promise<string | null> => {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      patch(key, { state: 'uploading', percent: 0, message: undefined });
      const outcome = await call({
        form,
        signal: controller.signal,
        onProgress: (loaded, total) => {
          if (controller.signal.aborted) return;
          patch(key, loaded >= total && total > 0 ? { state: 'processing', percent: 100 } : { state: 'uploading', percent: total ? Math.floor((loaded / total) * 100) : 0 });
        },
      });
      controllers.current.delete(key);
      if (controller.signal.aborted) return null;
      if (!outcome.ok) {
        patch(key, { state: 'failed', message: outcome.error.message });
        return null;
      }
      patch(key, { state: 'done', percent: 100, fileId: outcome.value._id });
      return outcome.value._id;
    },
    [patch],
  );

  const remove = useCallback((key: number) => {
    controllers.current.get(key)?.abort();
    setItems((current) => {
      const gone = current.find((item) => item.key === key);
      if (gone?.preview && urls.current.delete(gone.preview)) URL.revokeObjectURL(gone.preview);
      return current.filter((item) => item.key !== key);
    });
  }, []);

  const move = useCallback((key: number, by: -1 | 1) => {
    setItems((current) => {
      const from = current.findIndex((item) => item.key === key);
      const to = from + by;
      if (from < 0 || to < 0 || to >= current.length) return current;
      const next = [...current];
      [next[from], next[to]] = [next[to]!, next[from]!];
      return next;
    });
  }, []);

  const clear = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    setItems((current) => {
      for (const item of current) if (item.preview && urls.current.delete(item.preview)) URL.revokeObjectURL(item.preview);
      return [];
    });
  }, []);

  const busy = items.some((item) => item.state === 'uploading' || item.state === 'processing');
  return { items, add, restore, send, remove, move, clear, busy };
}

export type MediaUploads = ReturnType<typeof useMediaUploads>;
