import { useState, type DragEvent } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';
import type { MediaItem, MediaKind } from './use-media-uploads.js';

export const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/gif';
export const VIDEO_TYPES = 'video/mp4,video/webm,video/quicktime';
export const AUDIO_TYPES = 'audio/mpeg,audio/mp4,audio/aac,audio/ogg,audio/wav,audio/webm';

/** Whether a dropped file is one the zone's `accept` list names (a drop skips the picker's filter). */
const accepts = (accept: string, file: File) => accept.split(',').some((type) => type.trim() === file.type);

export interface DropZoneProps {
  id: string;
  /** The zone's label: what to drop (the file input's accessible name). */
  label: string;
  hint?: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  /** A smaller zone, for a thumbnail or a teaser beside the main media. */
  compact?: boolean;
  onFiles: (files: File[]) => void;
}

/**
 * A styled drop zone: drag files onto it or click (or press Enter on) it to pick them. The
 * real file input inside stays the accessible control, so a label names it.
 */
export function DropZone({ id, label, hint, accept, multiple = false, disabled = false, compact = false, onFiles }: DropZoneProps) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);

  function drop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = [...event.dataTransfer.files].filter((file) => accepts(accept, file));
    if (files.length) onFiles(multiple ? files : files.slice(0, 1));
  }

  return (
    <label
      className="drop-zone"
      htmlFor={id}
      data-over={over}
      data-compact={compact}
      data-disabled={disabled}
      onDragOver={(event) => {
        event.preventDefault();
        if (!over) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <span className="drop-zone__icon" aria-hidden="true">
        ⇪
      </span>
      <span className="drop-zone__label">{label}</span>
      <span className="drop-zone__action muted">{compact ? t('studio.dropOne') : `${t('studio.dropTitle')} ${t('studio.dropOr')}`}</span>
      {hint ? <small className="drop-zone__hint muted">{hint}</small> : null}
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </label>
  );
}

/** The label of a file of this kind, by its place ("Vídeo 1", "Foto 3"): never a photo's for a video. */
export function useMediaName() {
  const { t } = useTranslation();
  return (kind: MediaKind, index: number) => t('studio.mediaNumber', { kind: t(`studio.kind_${kind}`), index: index + 1 });
}

function Preview({ item, name }: { item: MediaItem; name: string }) {
  if (item.kind === 'video' && item.preview?.startsWith('blob:')) return <video className="media-tile__preview" src={`${item.preview}#t=0.1`} muted playsInline preload="metadata" aria-label={name} />;
  if (item.preview && item.kind !== 'audio') return <img className="media-tile__preview" src={item.preview} alt={name} />;
  return (
    <span className="media-tile__preview media-tile__icon" role="img" aria-label={name}>
      {item.kind === 'audio' ? '♪' : item.kind === 'video' ? '▶' : '▣'}
    </span>
  );
}

export interface MediaTilesProps {
  items: MediaItem[];
  onRemove: (key: number) => void;
  /** Offered when the order matters (a post's photos). */
  onMove?: (key: number, by: -1 | 1) => void;
  /** The one file's name when the slot names it (Miniatura, Teaser), instead of its kind and place. */
  name?: string;
}

/** The chosen files as tiles: a preview, the kind's own label, a progress bar while sending, and remove and reorder buttons. */
export function MediaTiles({ items, onRemove, onMove, name: slotName }: MediaTilesProps) {
  const { t } = useTranslation();
  const nameOf = useMediaName();
  const counts: Record<MediaKind, number> = { photo: 0, video: 0, audio: 0 };
  return (
    <ul className="media-tiles">
      {items.map((item, index) => {
        const name = slotName ?? nameOf(item.kind, counts[item.kind]++);
        const sending = item.state === 'uploading' || item.state === 'processing';
        return (
          <li key={item.key} className="media-tile" data-state={item.state} data-kind={item.kind}>
            <Preview item={item} name={name} />
            <span className="media-tile__name">
              {name}
              {item.state === 'done' ? <span className="media-tile__ok"> · {t('studio.ready')}</span> : null}
            </span>
            {item.state === 'uploading' ? (
              <progress className="media-tile__progress" max={100} value={item.percent} aria-label={t('studio.uploadProgress', { name, percent: item.percent })} />
            ) : null}
            {item.state === 'processing' ? <span className="media-tile__note">{t('studio.processing', { name })}</span> : null}
            {item.state === 'queued' ? <span className="media-tile__note">{t('studio.queued')}</span> : null}
            {item.state === 'failed' ? (
              <span className="media-tile__note error" role="alert">
                {item.message}
              </span>
            ) : null}
            <span className="media-tile__actions">
              {onMove && items.length > 1 ? (
                <>
                  <button type="button" className="icon-button" disabled={index === 0} aria-label={t('studio.moveEarlier', { name })} onClick={() => onMove(item.key, -1)}>
                    ←
                  </button>
                  <button type="button" className="icon-button" disabled={index === items.length - 1} aria-label={t('studio.moveLater', { name })} onClick={() => onMove(item.key, 1)}>
                    →
                  </button>
                </>
              ) : null}
              <button type="button" className="icon-button" aria-label={sending ? t('studio.cancelUpload') : t('studio.remove', { name })} onClick={() => onRemove(item.key)}>
                ✕
              </button>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
