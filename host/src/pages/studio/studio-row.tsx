import type { ReactNode } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';
import { askConfirm } from '@fandeck/widgets/ui/ask-confirm';

/** Where an item stands, as its badge shows it. */
export type RowStatus = 'published' | 'scheduled' | 'draft' | 'processing' | 'error';

export interface StudioRowProps {
  /** The picture to show, or null for the kind's icon. */
  thumbnail: string | null;
  /** The kind's own label: Foto, Vídeo, Galeria… */
  kind: string;
  title: string;
  status: RowStatus;
  statusText: string;
  /** Badges and figures beside the status (price, subscribers only, likes…). */
  meta?: ReactNode;
  /** What sits under the row (a transcoding progress). */
  extra?: ReactNode;
  busy?: boolean;
  editing?: boolean;
  onEdit: () => void;
  /** Asked first in the platform's dialog. */
  confirmDelete: string;
  onDelete: () => void;
  /** More buttons before edit and delete. */
  actions?: ReactNode;
  /** Why the last action on it (a delete) was refused. */
  failure?: string | null;
}

/** One line of a studio list: its thumbnail, kind, title, status, figures, and edit and delete. */
export function StudioRow({ thumbnail, kind, title, status, statusText, meta, extra, busy = false, editing = false, onEdit, confirmDelete, onDelete, actions, failure = null }: StudioRowProps) {
  const { t } = useTranslation();
  return (
    <div className="studio-row">
      <span className="studio-row__thumb" data-kind={kind}>
        {thumbnail ? <img src={thumbnail} alt="" loading="lazy" /> : <span aria-hidden="true">{kind.slice(0, 1)}</span>}
      </span>
      <span className="studio-row__body">
        <span className="studio-row__top">
          <span className="studio-row__kind">{kind}</span>
          <span className="status-badge" data-status={status}>
            {statusText}
          </span>
        </span>
        <span className="studio-row__title">{title}</span>
        {meta ? <span className="studio-row__meta">{meta}</span> : null}
        {extra}
      </span>
      <span className="studio-row__actions">
        {actions}
        <button type="button" className="button button--small" aria-expanded={editing} aria-label={t('studio.editNamed', { name: title })} onClick={onEdit}>
          {t('studio.edit')}
        </button>
        <button
          type="button"
          className="button button--small button--danger"
          disabled={busy}
          onClick={() => void askConfirm(confirmDelete, { tone: 'danger' }).then((yes) => yes && onDelete())}
        >
          {t('studio.delete')}
        </button>
      </span>
      {failure ? (
        <p className="error studio-row__failure" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
