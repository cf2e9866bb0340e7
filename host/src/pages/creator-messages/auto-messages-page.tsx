import { useId, useState, type FormEvent } from 'react';
import type { AutoMessageDto, AutoMessageTriggerWire } from '@fandeck/contract';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { NoticeLine, type Notice } from '../../components/notice.js';
import { PageStatus } from '../../components/page-status.js';
import { useRemoteList } from '../../components/remote-list.js';
import { session } from '../../session/session.js';
import { MessageFields, useMessageDraft } from './message-fields.js';
import { ToolsFrame } from './tools-frame.js';
import { askConfirm } from '@fandeck/widgets/ui/ask-confirm';

const TRIGGERS: readonly AutoMessageTriggerWire[] = ['subscribe', 'tip', 'follow'];

/**
 * /creator/messages/auto: one automatic message per trigger (a fan subscribes, tips or
 * follows), each with its text, price and files and whether it is on.
 */
export function AutoMessagesPage() {
  useNamespaces('creatorMessages');
  const { t } = useTranslation();
  const autos = useRemoteList((query) => session.api.autoMessages.search.list(query), { current: 1, pageSize: 100 });
  const { state } = autos;

  return (
    <ToolsFrame name="auto-messages" title={t('creatorMessages.auto.title')} intro={t('creatorMessages.auto.intro')}>
      {state.status === 'loading' ? <PageStatus kind="loading" /> : null}
      {state.status === 'failed' ? <PageStatus kind="error" message={state.message} onRetry={() => void autos.reload()} /> : null}
      {state.status === 'ready'
        ? TRIGGERS.map((trigger) => <AutoMessageForm key={trigger} trigger={trigger} initial={state.items.find((auto) => auto.trigger === trigger) ?? null} />)
        : null}
    </ToolsFrame>
  );
}

type Busy = 'idle' | 'saving' | 'deleting';

function AutoMessageForm({ trigger, initial }: { trigger: AutoMessageTriggerWire; initial: AutoMessageDto | null }) {
  const { t } = useTranslation();
  const id = useId();
  const [saved, setSaved] = useState(initial);
  const [enabled, setEnabled] = useState(initial?.enabled ?? true);
  const draft = useMessageDraft('massMessages', initial ?? {});
  const [busy, setBusy] = useState<Busy>('idle');
  const [notice, setNotice] = useState<Notice>(null);
  const label = t(`creatorMessages.auto.triggers.${trigger}`);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy !== 'idle') return;
    const content = draft.check();
    if (!content.ok) return setNotice({ kind: 'failed', text: content.message });
    setBusy('saving');
    const outcome = saved
      ? await session.api.autoMessages.update({ id: saved._id }, { ...content.value, enabled })
      : await session.api.autoMessages.create({ trigger, ...content.value, enabled });
    setBusy('idle');
    if (!outcome.ok) return setNotice({ kind: 'failed', text: outcome.error.message });
    setSaved(outcome.value);
    setEnabled(outcome.value.enabled);
    draft.reset(outcome.value);
    setNotice({ kind: 'done', text: t('creatorMessages.auto.saved', { trigger: label }) });
  }

  async function remove() {
    if (!saved || busy !== 'idle' || !(await askConfirm(t('creatorMessages.auto.confirmDelete', { trigger: label }), { tone: 'danger' }))) return;
    setBusy('deleting');
    const outcome = await session.api.autoMessages.delete({ id: saved._id });
    setBusy('idle');
    if (!outcome.ok) return setNotice({ kind: 'failed', text: outcome.error.message });
    setSaved(null);
    setEnabled(true);
    draft.reset();
    setNotice({ kind: 'done', text: t('creatorMessages.auto.deleted', { trigger: label }) });
  }

  const state = saved ? (saved.enabled ? 'on' : 'off') : 'notSet';
  return (
    <form
      className="form stack tools-auto"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-title`}
      aria-busy={busy !== 'idle'}
      data-testid="auto-message"
      data-trigger={trigger}
      data-state={state}
    >
      <div className="tools-auto__head">
        <h2 id={`${id}-title`}>{label}</h2>
        <span className="badge" data-badge={state}>
          {t(`creatorMessages.auto.${state}`)}
        </span>
      </div>
      <label className="form__check">
        <input type="checkbox" name="enabled" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} /> {t('creatorMessages.auto.enabled')}
      </label>
      <MessageFields draft={draft} />
      <NoticeLine notice={notice} />
      <div className="tools-actions">
        <button type="submit" className="button button--primary" disabled={busy !== 'idle'}>
          {busy === 'saving' ? t('creatorMessages.actions.saving') : t('creatorMessages.auto.save')}
        </button>
        {saved ? (
          <button type="button" className="button" disabled={busy !== 'idle'} onClick={() => void remove()}>
            {t('creatorMessages.actions.delete')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
