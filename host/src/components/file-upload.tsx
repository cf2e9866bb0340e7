import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';
import type { Outcome } from '../session/session.js';

/**
 * How a file is sent: the `upload` of a typed route call, e.g.
 * `session.api.performers.documentsUpload.upload`, or `(options) => session.api.x.upload({ id }, options)`.
 */
export type UploadCall<T> = (options: { form: FormData; signal?: AbortSignal; onProgress?: (loaded: number, total: number) => void }) => Promise<Outcome<T>>;

export type FileUploadState =
  | { status: 'idle' }
  | { status: 'uploading'; loaded: number; total: number }
  /** Every byte sent; the server is still working on it. */
  | { status: 'processing' }
  | { status: 'failed'; message: string };

/**
 * One upload at a time with its progress and a cancel: `send` posts the form and answers
 * the server's outcome (null when cancelled); leaving the page cancels it.
 */
export function useFileUpload() {
  const [state, setState] = useState<FileUploadState>({ status: 'idle' });
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  const send = useCallback(async <T,>(upload: UploadCall<T>, form: FormData): Promise<Outcome<T> | null> => {
    const controller = new AbortController();
    current.current = controller;
    setState({ status: 'uploading', loaded: 0, total: 1 });
    const outcome = await upload({
      form,
      signal: controller.signal,
      onProgress: (loaded, total) => {
        if (!controller.signal.aborted) setState(loaded >= total ? { status: 'processing' } : { status: 'uploading', loaded, total });
      },
    });
    if (current.current !== controller) return null;
    current.current = null;
    if (controller.signal.aborted) {
      setState({ status: 'idle' });
      return null;
    }
    setState(outcome.ok ? { status: 'idle' } : { status: 'failed', message: outcome.error.message });
    return outcome;
  }, []);

  const cancel = useCallback(() => current.current?.abort(), []);
  return { state, send, cancel, busy: state.status === 'uploading' || state.status === 'processing' };
}

/** The progress bar and cancel button of a `useFileUpload`, or its failure. */
export function FileUploadStatus({ state, onCancel }: { state: FileUploadState; onCancel: () => void }) {
  const { t } = useTranslation();
  if (state.status === 'uploading') {
    const percent = state.total > 0 ? Math.floor((state.loaded / state.total) * 100) : 0;
    return (
      <div className="picture-upload__progress" role="status">
        <progress max={100} value={percent} aria-label={t('studio.uploadPercent', { percent })} />
        <button type="button" className="button" onClick={onCancel}>
          {t('studio.cancelUpload')}
        </button>
      </div>
    );
  }
  if (state.status === 'processing') {
    return (
      <p className="muted" role="status">
        {t('studio.uploadProcessing')}
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <p className="error" role="alert">
        {state.message}
      </p>
    );
  }
  return null;
}
