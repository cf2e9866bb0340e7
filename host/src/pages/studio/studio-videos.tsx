import { LIMITS } from '@fandeck/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatMoney } from '@fandeck/widgets/format/money';
import { useTranslation } from '@fandeck/widgets/i18n';
import { VIDEO_STATUS_POLL_MS, VideoProcessing } from '@fandeck/widgets/ui';
import type { OwnReel, VideoItem } from '@fandeck/contract';
import { FileUploadStatus, useFileUpload, type UploadCall } from '../../components/file-upload.js';
import type { ListRead } from '../../components/remote-list.js';
import { DraftField, SaleFields, useSaleFields, SubscribersOnlyBadge } from './sale-fields.js';
import { StudioList, useStudioList } from './studio-list.js';
import { session, type Outcome } from '../../session/session.js';
import { askConfirm } from '@fandeck/widgets/ui/ask-confirm';

const VIDEO_TYPES = 'video/mp4,video/webm,video/quicktime';

type Kind = 'video' | 'reel';
// Reels are never sold and have no subscribers-only flag.
type Item = (VideoItem | (OwnReel & { isSale?: undefined; price?: undefined; subscribersOnly?: undefined })) & { status: string };

/** Each kind's routes: the creator's own list, the upload and the delete. */
const routes: Record<Kind, { list: ListRead<Item>; upload: UploadCall<unknown>; remove: (id: string) => Promise<Outcome<unknown>> }> = {
  video: { list: (query) => session.api.videos.mine.list(query), upload: session.api.videos.upload.upload, remove: (id) => session.api.videos.delete({ id }) },
  reel: { list: (query) => session.api.reels.mine.list(query), upload: session.api.reels.upload.upload, remove: (id) => session.api.reels.delete({ id }) },
};

/**
 * The creator's videos (sold or free, published or draft) or reels: upload with progress
 * and cancel, then each shows its transcoding progress until ready; delete.
 */
export function StudioVideos({ kind }: { kind: Kind }) {
  const { t, i18n } = useTranslation();
  const { state: items, setState: setItems, reload } = useStudioList(routes[kind].list, { limit: 50, sortBy: 'createdAt', sort: 'desc' }, kind);
  // Reels have no status call of their own: while one transcodes, read the list again now and then.
  const waiting = kind === 'reel' && items.status === 'ready' && items.items.some((item) => item.video?.status === 'processing');
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void reload(), VIDEO_STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, reload]);

  async function remove(item: Item) {
    if (!(await askConfirm(t('studio.confirmDeleteVideo'), { tone: 'danger' }))) return;
    const outcome = await routes[kind].remove(item._id);
    if (outcome.ok) await reload();
    else setItems({ status: 'failed', message: outcome.error.message });
  }

  return (
    <div className="stack" data-testid={`studio-${kind}s`}>
      <VideoUploadForm kind={kind} onUploaded={() => void reload()} />
      <StudioList state={items} empty={kind === 'video' ? t('studio.noVideos') : t('studio.noReels')}>
        {(list) => (
            <ul className="studio__posts">
              {list.map((item) => (
                <li key={item._id} className="studio__post" data-video={item._id}>
                  <span className="badge">{item.status === 'draft' ? t('studio.statusDraft') : t('studio.statusActive')}</span>
                  {item.isSale ? <span className="badge">{t('studio.priceBadge', { price: formatMoney(item.price ?? 0, i18n.language) })}</span> : null}
                  <SubscribersOnlyBadge subscribersOnly={item.subscribersOnly} />
                  <span className="studio__post-text">{item.title}</span>
                  {item.video?.status === 'processing' && kind === 'video' ? (
                    <VideoProcessing
                      statusOf={(options) => session.api.videos.fileStatus({ id: item._id, fileId: item.video?._id ?? '' }, undefined, options)}
                      progress={item.video.progress ?? 0}
                      onReady={() => void reload()}
                    />
                  ) : null}
                  {item.video?.status === 'processing' && kind === 'reel' ? (
                    <span className="muted" role="status">
                      {t('studio.processingVideo', { percent: item.video.progress ?? 0 })}
                    </span>
                  ) : null}
                  {item.video?.status === 'finished' ? <span className="badge">{t('studio.videoReady')}</span> : null}
                  {item.video?.status === 'error' || item.status === 'file-error' ? (
                    <span className="error" role="alert">
                      {t('studio.videoFailed')}
                    </span>
                  ) : null}
                  <button type="button" className="button" onClick={() => void remove(item)}>
                    {t('studio.delete')}
                  </button>
                </li>
              ))}
            </ul>
        )}
      </StudioList>
    </div>
  );
}

function VideoUploadForm({ kind, onUploaded }: { kind: Kind; onUploaded: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const upload = useFileUpload();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const sale = useSaleFields();
  const [draft, setDraft] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return setProblem(t('studio.videoRequired'));
    if (!title.trim()) return setProblem(t('studio.titleRequired'));
    setProblem(null);
    const form = new FormData();
    form.append('title', title.trim());
    form.append('status', draft ? 'draft' : 'active');
    if (kind === 'video') {
      for (const [name, value] of Object.entries(sale.body())) form.append(name, String(value));
    }
    // The file last: the server reads the text fields before it streams the video.
    form.append('video', file, file.name);
    const outcome = await upload.send(routes[kind].upload, form);
    if (!outcome?.ok) return;
    setFile(null);
    setTitle('');
    sale.reset();
    onUploaded();
  }

  return (
    <form className="form stack studio__composer" noValidate onSubmit={(event) => void submit(event)} data-testid={`new-${kind}`}>
      <h2>{kind === 'video' ? t('studio.newVideo') : t('studio.newReel')}</h2>
      <div className="form__field">
        <label htmlFor={`${id}-file`}>{t('studio.videoFile')}</label>
        <input id={`${id}-file`} type="file" accept={VIDEO_TYPES} disabled={upload.busy} onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
      </div>
      <div className="form__field">
        <label htmlFor={`${id}-title`}>{t('studio.videoTitle')}</label>
        <input id={`${id}-title`} maxLength={LIMITS.video.titleMax} value={title} onChange={(event) => setTitle(event.target.value)} />
      </div>
      {kind === 'video' ? (
        <SaleFields
          paidLabel={t('studio.paidVideo')}
          {...sale.fields}
        />
      ) : null}
      <DraftField draft={draft} onDraft={setDraft} />
      <FileUploadStatus state={upload.state} onCancel={upload.cancel} />
      {problem ? (
        <p className="error" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={upload.busy}>
        {t('studio.uploadVideo')}
      </button>
    </form>
  );
}
