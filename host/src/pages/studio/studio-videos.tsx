import { LIMITS, type OwnReel, type VideoItem } from '@fandeck/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatMoney } from '@fandeck/widgets/format/money';
import { useTranslation } from '@fandeck/widgets/i18n';
import { VIDEO_STATUS_POLL_MS, VideoProcessing } from '@fandeck/widgets/ui';
import { FileUploadStatus, useFileUpload } from '../../components/file-upload.js';
import type { ListRead } from '../../components/remote-list.js';
import { session } from '../../session/session.js';
import { FormFooter, useRowState } from './form-footer.js';
import { DropZone, MediaTiles, VIDEO_TYPES } from './media-drop.js';
import { DraftField, SubscribersOnlyBadge } from './sale-fields.js';
import { StudioList, useStudioList } from './studio-list.js';
import { StudioRow, type RowStatus } from './studio-row.js';
import { useMediaUploads } from './use-media-uploads.js';
import { VideoForm } from './video-form.js';

type Kind = 'video' | 'reel';
// Reels are never sold and have no subscribers-only flag nor thumbnail.
type Item = (VideoItem | (OwnReel & Partial<Pick<VideoItem, 'isSale' | 'price' | 'subscribersOnly' | 'thumbnail' | 'scheduledAt'>>)) & { status: string };

const lists: Record<Kind, ListRead<Item>> = {
  video: (query) => session.api.videos.mine.list(query),
  reel: (query) => session.api.reels.mine.list(query),
};

function statusOf(item: Item): RowStatus {
  if (item.video?.status === 'processing') return 'processing';
  if (item.video?.status === 'error' || item.status === 'file-error') return 'error';
  if (item.status === 'draft') return 'draft';
  if (item.scheduledAt && new Date(item.scheduledAt).getTime() > Date.now()) return 'scheduled';
  return 'published';
}

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

/** The creator's videos or reels: the form, then each with its thumbnail, status (processing while it transcodes), figures, edit and delete. */
export function StudioVideos({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const { state: items, reload } = useStudioList(lists[kind], { limit: 50, sortBy: 'createdAt', sort: 'desc' }, kind);
  // Reels have no status call of their own: while one transcodes, read the list again now and then.
  const waiting = kind === 'reel' && items.status === 'ready' && items.items.some((item) => item.video?.status === 'processing');
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void reload(), VIDEO_STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, reload]);

  return (
    <div className="stack" data-testid={`studio-${kind}s`}>
      {kind === 'video' ? <VideoForm onSaved={() => void reload()} /> : <ReelForm onSaved={() => void reload()} />}
      <h2 className="studio__list-title">{kind === 'video' ? t('studio.tabVideos') : t('studio.tabReels')}</h2>
      <StudioList state={items} empty={kind === 'video' ? t('studio.noVideos') : t('studio.noReels')} onRetry={() => void reload()}>
        {(list) => (
          <ul className="studio-rows">
            {list.map((item) => (
              <VideoRow key={item._id} kind={kind} item={item} onChanged={() => void reload()} />
            ))}
          </ul>
        )}
      </StudioList>
    </div>
  );
}

function VideoRow({ kind, item, onChanged }: { kind: Kind; item: Item; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const { editing, toggle, failure, setFailure, editor } = useRowState(onChanged);
  const status = statusOf(item);
  const statusText = {
    published: t('studio.statusPublished'),
    scheduled: t('studio.statusScheduled', { date: new Date(item.scheduledAt ?? item.createdAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) }),
    draft: t('studio.statusDraft'),
    processing: t('studio.statusProcessing'),
    error: t('studio.videoFailed'),
  }[status];

  async function remove() {
    setFailure(null);
    const outcome = kind === 'video' ? await session.api.videos.delete({ id: item._id }) : await session.api.reels.delete({ id: item._id });
    if (outcome.ok) onChanged();
    else setFailure(outcome.error.message);
  }

  const video = item.video;
  const meta = (
    <>
      {item.isSale ? <span className="badge">{t('studio.priceBadge', { price: formatMoney(item.price ?? 0, i18n.language) })}</span> : null}
      <SubscribersOnlyBadge subscribersOnly={item.subscribersOnly} />
      {'duration' in (video ?? {}) && (video as { duration: number | null }).duration ? <span className="stat">{t('studio.duration', { time: minutes((video as { duration: number }).duration) })}</span> : null}
      <span className="stat muted">{new Date(item.createdAt).toLocaleDateString(i18n.language, { dateStyle: 'medium' })}</span>
    </>
  );
  const processing =
    video?.status !== 'processing' ? null : kind === 'video' ? (
      <VideoProcessing statusOf={(options) => session.api.videos.fileStatus({ id: item._id, fileId: video._id }, undefined, options)} progress={video.progress ?? 0} onReady={onChanged} />
    ) : (
      <span className="muted" role="status">
        {t('studio.processingVideo', { percent: video.progress ?? 0 })}
      </span>
    );
  return (
    <li className="studio-rows__item" data-video={item._id} data-status={status}>
      <StudioRow
        thumbnail={item.thumbnail?.sizes?.small?.url ?? video?.sizes?.small?.url ?? item.thumbnail?.placeholder ?? video?.placeholder ?? null}
        kind={t(kind === 'video' ? 'studio.kind_video' : 'studio.kind_reel')}
        title={item.title}
        status={status}
        statusText={statusText}
        meta={meta}
        extra={processing ?? (video?.status === 'finished' ? <span className="badge">{t('studio.videoReady')}</span> : null)}
        editing={editing}
        onEdit={toggle}
        confirmDelete={t('studio.confirmDeleteVideo')}
        onDelete={() => void remove()}
        failure={failure}
      />
      {editing && kind === 'video' ? (
        <VideoForm
          editing={item as VideoItem}
          {...editor}
        />
      ) : null}
      {editing && kind === 'reel' ? (
        <ReelForm
          editing={item}
          {...editor}
        />
      ) : null}
    </li>
  );
}

/** A reel: its video dropped in and sent with its title in one request (with progress), or an edit of its title and status. */
function ReelForm({ editing, onSaved, onCancel }: { editing?: Item; onSaved: () => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const upload = useFileUpload();
  const picked = useMediaUploads();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState(editing?.title ?? '');
  const [draft, setDraft] = useState(editing?.status === 'draft');
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!editing && !file) return setProblem(t('studio.videoRequired'));
    setProblem(null);
    const status = draft ? 'draft' : 'active';
    if (editing) {
      const outcome = await session.api.reels.edit({ id: editing._id }, { title: title.trim(), status });
      return outcome.ok ? onSaved() : setProblem(outcome.error.message);
    }
    const form = new FormData();
    form.append('title', title.trim());
    form.append('status', status);
    // The file last: the server reads the text fields before it streams the video.
    form.append('video', file!, file!.name);
    const outcome = await upload.send(session.api.reels.upload.upload, form);
    if (!outcome?.ok) return;
    setFile(null);
    picked.clear();
    setTitle('');
    setDraft(false);
    onSaved();
  }

  return (
    <form className="form studio-form" noValidate onSubmit={(event) => void submit(event)} data-testid={editing ? 'reel-editor' : 'new-reel'}>
      <h2 className="studio-form__title">{t('studio.newReel')}</h2>
      {editing ? null : picked.items.length ? (
        <MediaTiles
          items={picked.items}
          onRemove={(key) => {
            picked.remove(key);
            setFile(null);
          }}
        />
      ) : (
        <DropZone
          id={`${id}-file`}
          label={t('studio.videoFile')}
          accept={VIDEO_TYPES}
          disabled={upload.busy}
          onFiles={(files) => {
            setFile(files[0] ?? null);
            picked.add(files.slice(0, 1));
          }}
        />
      )}
      <div className="form__field">
        <label htmlFor={`${id}-title`}>{t('studio.videoTitle')}</label>
        <input id={`${id}-title`} maxLength={LIMITS.video.titleMax} value={title} onChange={(event) => setTitle(event.target.value)} />
      </div>
      <DraftField draft={draft} onDraft={setDraft} />
      <FileUploadStatus state={upload.state} onCancel={upload.cancel} />
      <FormFooter notice={problem ? { kind: 'failed', text: problem } : null} submit={editing ? t('studio.saveChanges') : t('studio.uploadReel')} saving={false} waiting={upload.busy} onCancel={onCancel} />
    </form>
  );
}
