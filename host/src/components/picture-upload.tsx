import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';
import { session } from '../session/session.js';
import type { UploadCall } from './file-upload.js';

/** The kinds of picture the server re-encodes (media/sniff.ts): anything else it refuses. */
const ACCEPTED = 'image/jpeg,image/png,image/webp,image/gif';

type UploadState =
  | { status: 'idle'; notice?: 'cancelled' | 'saved' }
  | { status: 'uploading'; loaded: number; total: number }
  | { status: 'processing' }
  | { status: 'failed'; message: string };

export interface PictureUploadProps {
  /** The upload route's call: `session.api.users.avatarUpload.upload`, `session.api.performers.coverUpload.upload`. */
  upload: UploadCall<unknown>;
  which: 'avatar' | 'cover';
  /** The picture shown now. */
  current: string | null;
}

/**
 * Picks a picture and uploads it with a progress bar and a cancel button. The server
 * re-encodes it (upright, WebP, without EXIF or GPS); once it answers, the account is
 * reloaded so every avatar on the site shows the new one.
 */
export function PictureUpload({ upload: sendForm, which, current }: PictureUploadProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController | null>(null);
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  useEffect(() => () => upload.current?.abort(), []);

  async function send(file: File) {
    const controller = new AbortController();
    upload.current = controller;
    setState({ status: 'uploading', loaded: 0, total: file.size });
    const form = new FormData();
    form.append('file', file, file.name);
    const outcome = await sendForm({
      form,
      signal: controller.signal,
      onProgress: (loaded, total) => {
        if (controller.signal.aborted) return;
        // Every byte sent: the server still has to re-encode the picture.
        setState(loaded >= total ? { status: 'processing' } : { status: 'uploading', loaded, total });
      },
    });
    if (upload.current !== controller) return;
    upload.current = null;
    if (input.current) input.current.value = '';
    if (outcome.ok) {
      await session.user.refresh();
      setState({ status: 'idle', notice: 'saved' });
    } else if (controller.signal.aborted) {
      setState({ status: 'idle', notice: 'cancelled' });
    } else {
      setState({ status: 'failed', message: outcome.error.message });
    }
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) void send(file);
  }

  const busy = state.status === 'uploading' || state.status === 'processing';
  const percent = state.status === 'uploading' && state.total > 0 ? Math.floor((state.loaded / state.total) * 100) : null;
  return (
    <div className={`picture-upload picture-upload--${which}`} data-testid={`${which}-upload`} data-state={state.status} aria-busy={busy}>
      {current ? <img className="picture-upload__preview" src={current} alt={t(`account.${which}Current`)} /> : null}
      <div className="form__field">
        <label htmlFor={`${id}-file`}>{t(`account.${which}Label`)}</label>
        <input ref={input} id={`${id}-file`} name="file" type="file" accept={ACCEPTED} disabled={busy} onChange={choose} />
        <small className="muted">{t('account.pictureHint')}</small>
      </div>
      {state.status === 'uploading' ? (
        <div className="picture-upload__progress">
          <progress max={100} value={percent ?? 0} aria-label={t('account.uploading')} />
          <span>{t('account.uploadProgress', { percent: percent ?? 0 })}</span>
          <button type="button" className="button" onClick={() => upload.current?.abort()}>
            {t('account.cancelUpload')}
          </button>
        </div>
      ) : null}
      {state.status === 'processing' ? (
        <p className="muted" role="status">
          <progress aria-label={t('account.processing')} /> {t('account.processing')}
        </p>
      ) : null}
      {state.status === 'failed' ? (
        <p className="error" role="alert">
          {state.message}
        </p>
      ) : null}
      {state.status === 'idle' && state.notice ? (
        <p className={state.notice === 'saved' ? 'success' : 'muted'} role="status">
          {t(state.notice === 'saved' ? 'account.pictureSaved' : 'account.uploadCancelled')}
        </p>
      ) : null}
    </div>
  );
}
