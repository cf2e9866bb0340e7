import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';
import { VIDEO_STATUS_POLL_MS, VideoView } from '@fandeck/widgets/ui';
import { FileUploadStatus, useFileUpload } from '../../components/file-upload.js';
import type { WelcomeVideo } from './own-profile.js';
import { session } from '../../session/session.js';

const VIDEO_TYPES = 'video/mp4,video/webm,video/quicktime';

export interface WelcomeVideoSectionProps {
  video: WelcomeVideo | null;
  /** Reads GET /performers/me again: the welcome video has no status route of its own. */
  reload: () => Promise<void>;
}

/** The welcome video: the current one and its transcode state, and an upload that replaces it. */
export function WelcomeVideoSection({ video, reload }: WelcomeVideoSectionProps) {
  const { t } = useTranslation();
  const id = useId();
  const upload = useFileUpload();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [notice, setNotice] = useState<'required' | 'uploaded' | null>(null);

  // While it transcodes, read the profile again now and then until it says finished or error.
  const processing = video?.status === 'processing';
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => void reload(), VIDEO_STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [processing, reload]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (upload.busy) return;
    if (!file) return setNotice('required');
    setNotice(null);
    const form = new FormData();
    form.append('file', file, file.name);
    const outcome = await upload.send(session.api.performers.welcomeVideoUpload.upload, form);
    if (!outcome?.ok) return;
    setFile(null);
    if (input.current) input.current.value = '';
    setNotice('uploaded');
    await reload();
  }

  return (
    <section className="settings__section stack" aria-labelledby={`${id}-title`} data-testid="welcome-video">
      <h2 id={`${id}-title`}>{t('creatorSettings.video.title')}</h2>
      <p className="muted">{t('creatorSettings.video.intro')}</p>
      <div data-video-status={video?.status ?? 'none'}>
        {!video ? <p className="muted">{t('creatorSettings.video.none')}</p> : null}
        {video?.status === 'processing' ? (
          <div className="feed-video__processing" role="status">
            <span>{t('creatorSettings.video.processing', { percent: video.progress })}</span>
            <progress max={100} value={video.progress} aria-label={t('creatorSettings.video.processing', { percent: video.progress })} />
          </div>
        ) : null}
        {video?.status === 'finished' ? (
          <>
            <span className="badge">{t('creatorSettings.video.ready')}</span>
            {video.url ? (
              <VideoView
                video={{
                  _id: video._id,
                  status: 'finished',
                  progress: 100,
                  width: null,
                  height: null,
                  placeholder: video.placeholder,
                  url: video.url,
                  sizes: video.poster ? { medium: { url: video.poster, width: 0, height: 0 } } : null,
                }}
              />
            ) : null}
          </>
        ) : null}
        {video?.status === 'error' ? (
          <p className="error" role="alert">
            {t('creatorSettings.video.failed')}
          </p>
        ) : null}
      </div>
      <form className="form stack" noValidate onSubmit={(event) => void submit(event)} aria-busy={upload.busy}>
        <div className="form__field">
          <label htmlFor={`${id}-file`}>{t('creatorSettings.video.file')}</label>
          <input
            ref={input}
            id={`${id}-file`}
            name="file"
            type="file"
            accept={VIDEO_TYPES}
            aria-describedby={`${id}-hint`}
            disabled={upload.busy}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setNotice(null);
            }}
          />
          <small id={`${id}-hint`} className="muted">
            {t('creatorSettings.video.hint')}
          </small>
        </div>
        <FileUploadStatus state={upload.state} onCancel={upload.cancel} />
        {notice === 'required' ? (
          <p className="error" role="alert">
            {t('creatorSettings.video.required')}
          </p>
        ) : null}
        {notice === 'uploaded' && upload.state.status === 'idle' ? (
          <p className="success" role="status">
            {t('creatorSettings.video.uploaded')}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={upload.busy}>
          {video ? t('creatorSettings.video.replace') : t('creatorSettings.video.upload')}
        </button>
      </form>
    </section>
  );
}
