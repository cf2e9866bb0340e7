import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';
import { FileUploadStatus, useFileUpload } from '../../components/file-upload.js';
import { session } from '../../session/session.js';

/** The kinds the server accepts for a document (performer-registration.ts). */
const DOCUMENT_TYPES = 'image/jpeg,image/png,image/webp,application/pdf';

type Side = 'front' | 'back';

export interface IdentityDocumentsProps {
  verified: boolean;
  /** Reads the profile again: a new document puts the creator back under review. */
  onSent: () => void;
}

/** The ID documents: the review state, and a new front or back, each uploaded on its own. */
export function IdentityDocuments({ verified, onSent }: IdentityDocumentsProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="settings__section stack" aria-labelledby={`${id}-title`} data-testid="identity-documents">
      <h2 id={`${id}-title`}>{t('creatorSettings.documents.title')}</h2>
      <p className="muted">{t('creatorSettings.documents.intro')}</p>
      <p role="status" data-verified={verified}>
        <span className="badge">{verified ? t('creatorSettings.documents.verified') : t('creatorSettings.documents.underReview')}</span>
      </p>
      <DocumentUpload side="front" onSent={onSent} />
      <DocumentUpload side="back" onSent={onSent} />
    </section>
  );
}

function DocumentUpload({ side, onSent }: { side: Side; onSent: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const upload = useFileUpload();
  const input = useRef<HTMLInputElement>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setSent(null);
    const form = new FormData();
    // The side first: the server reads text fields before the file.
    form.append('side', side);
    form.append('file', file, file.name);
    const outcome = await upload.send(session.api.performers.documentsUpload.upload, form);
    if (input.current) input.current.value = '';
    if (!outcome?.ok) return;
    setSent(outcome.value.name);
    onSent();
  }

  return (
    <div className="stack" data-testid={`document-${side}`}>
      <div className="form__field">
        <label htmlFor={`${id}-file`}>{t(`creatorSettings.documents.${side}`)}</label>
        <input
          ref={input}
          id={`${id}-file`}
          name={`document-${side}`}
          type="file"
          accept={DOCUMENT_TYPES}
          aria-describedby={`${id}-hint`}
          disabled={upload.busy}
          onChange={(event) => void choose(event)}
        />
        <small id={`${id}-hint`} className="muted">
          {t('creatorSettings.documents.hint')}
        </small>
      </div>
      <FileUploadStatus state={upload.state} onCancel={upload.cancel} />
      {sent && upload.state.status === 'idle' ? (
        <p className="success" role="status">
          {t('creatorSettings.documents.sent', { name: sent })}
        </p>
      ) : null}
    </div>
  );
}
