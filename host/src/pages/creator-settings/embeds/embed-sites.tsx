import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { LIMITS, type EmbedOriginDto } from '@fandeck/contract';
import { useTranslation } from '@fandeck/widgets/i18n';
import { askConfirm } from '@fandeck/widgets/ui/ask-confirm';
import { NoticeLine, type Notice } from '../../../components/notice.js';
import { PageStatus } from '../../../components/page-status.js';
import { session } from '../../../session/session.js';
import { Field } from '../settings-fields.js';
import { useUnsaved } from '../unsaved-guard.js';
import { CopyText } from './copy-text.js';

type Loaded = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; origins: EmbedOriginDto[] };

/**
 * The sites allowed to show the creator's elements (embeds domain): add an origin, place
 * its token (a file, or one meta line on the home page), verify, remove.
 */
export function EmbedSites() {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    const outcome = await session.api.embeds.list.list({});
    setLoaded(outcome.ok ? { status: 'ready', origins: outcome.value.data } : { status: 'failed', message: outcome.error.message });
  }, []);
  useEffect(() => void load(), [load]);

  const replace = (origin: EmbedOriginDto) =>
    setLoaded((current) => (current.status === 'ready' ? { status: 'ready', origins: current.origins.map((o) => (o._id === origin._id ? origin : o)) } : current));

  async function verify(origin: EmbedOriginDto) {
    if (busy) return;
    setBusy(origin._id);
    setNotice(null);
    const outcome = await session.api.embeds.verify({ id: origin._id });
    setBusy(null);
    if (!outcome.ok) return setNotice({ kind: 'failed', text: outcome.error.message });
    replace(outcome.value);
    setNotice({ kind: 'done', text: t('settingsSections.embeds.verifiedDone', { origin: origin.origin }) });
  }

  async function remove(origin: EmbedOriginDto) {
    if (busy || !(await askConfirm(t('settingsSections.embeds.confirmRemove', { origin: origin.origin }), { tone: 'danger' }))) return;
    setBusy(origin._id);
    const outcome = await session.api.embeds.remove({ id: origin._id });
    setBusy(null);
    if (!outcome.ok) return setNotice({ kind: 'failed', text: outcome.error.message });
    setLoaded((current) => (current.status === 'ready' ? { status: 'ready', origins: current.origins.filter((o) => o._id !== origin._id) } : current));
    setNotice({ kind: 'done', text: t('settingsSections.embeds.removed', { origin: origin.origin }) });
  }

  return (
    <section className="stack" data-testid="embed-sites">
      <h3>{t('settingsSections.embeds.sitesTitle')}</h3>
      <p className="muted">{t('settingsSections.embeds.sitesIntro')}</p>
      <AddOrigin
        onAdded={(origin) => {
          setLoaded((current) => (current.status === 'ready' ? { status: 'ready', origins: [...current.origins, origin] } : current));
          setNotice({ kind: 'done', text: t('settingsSections.embeds.added', { origin: origin.origin }) });
        }}
      />
      <NoticeLine notice={notice} />
      {loaded.status === 'loading' ? <PageStatus kind="loading" /> : null}
      {loaded.status === 'failed' ? <PageStatus kind="error" message={loaded.message} onRetry={() => void load()} /> : null}
      {loaded.status === 'ready' && loaded.origins.length === 0 ? <p className="muted">{t('settingsSections.embeds.empty')}</p> : null}
      {loaded.status === 'ready' ? (
        <ul className="stack embed-sites">
          {loaded.origins.map((origin) => (
            <OriginItem key={origin._id} origin={origin} busy={busy === origin._id} onVerify={() => void verify(origin)} onRemove={() => void remove(origin)} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function AddOrigin({ onAdded }: { onAdded: (origin: EmbedOriginDto) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [origin, setOrigin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useUnsaved(origin.trim() !== '');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || !origin.trim()) return;
    setSaving(true);
    const outcome = await session.api.embeds.add({ origin: origin.trim() });
    setSaving(false);
    if (!outcome.ok) return setError(outcome.error.message);
    setError(null);
    setOrigin('');
    onAdded(outcome.value);
  }

  return (
    <form className="form settings__inline" noValidate onSubmit={(event) => void submit(event)} aria-busy={saving} data-testid="embed-add">
      <Field id={`${id}-origin`} label={t('settingsSections.embeds.origin')} hint={t('settingsSections.embeds.originHint')} error={error}>
        {(control) => (
          <input {...control} name="origin" type="url" inputMode="url" autoComplete="url" maxLength={LIMITS.embeds.originMax} value={origin} onChange={(event) => setOrigin(event.target.value)} />
        )}
      </Field>
      <button type="submit" className="button button--primary" disabled={saving || !origin.trim()}>
        {t('settingsSections.embeds.add')}
      </button>
    </form>
  );
}

function OriginItem({ origin, busy, onVerify, onRemove }: { origin: EmbedOriginDto; busy: boolean; onVerify: () => void; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="settings__group stack" data-origin={origin.origin} data-verified={origin.verified ? 'true' : 'false'}>
      <div className="embed-sites__head">
        <strong className="embed-sites__origin">{origin.origin}</strong>
        <span className={origin.verified ? 'badge badge--success' : 'badge'}>{origin.verified ? t('settingsSections.embeds.verified') : t('settingsSections.embeds.unverified')}</span>
      </div>
      {origin.verified ? null : (
        <>
          <CopyText label={`${t('settingsSections.embeds.proofFile')} ${origin.proofUrl}`} text={origin.token} testId="embed-token" />
          <CopyText label={t('settingsSections.embeds.proofMeta')} text={origin.proofMeta} testId="embed-meta" />
        </>
      )}
      <div className="list-controls__group">
        {origin.verified ? null : (
          <button type="button" className="button button--primary" disabled={busy} aria-busy={busy} onClick={onVerify}>
            {busy ? t('settingsSections.embeds.verifying') : t('settingsSections.embeds.verify')}
          </button>
        )}
        <button type="button" className="button" disabled={busy} onClick={onRemove} aria-label={`${t('settingsSections.embeds.remove')}: ${origin.origin}`}>
          {t('settingsSections.embeds.remove')}
        </button>
      </div>
    </li>
  );
}
