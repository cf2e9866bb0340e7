import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { CategorizedListDto, MassAudienceWire, MassMessageBody, MassMessageDto } from '@fandeck/contract';
import { useTranslation } from '@fandeck/widgets/i18n';
import type { Loaded } from '../../components/remote-list.js';
import { formatDateTime } from '../../format/date.js';
import { ToolForm, useRowSave, type EditorProps } from './editable-list.js';
import { MessageFields, useMessageDraft } from './message-fields.js';
import { massMessageRoutes } from './tool-routes.js';

type AudienceKind = MassAudienceWire['kind'];
const AUDIENCES: readonly AudienceKind[] = ['subscribers', 'followers', 'lists'];

/** `datetime-local`'s value for a moment, in the browser's time zone. */
function localInput(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** `editing`: the scheduled message being edited; null writes a new one. */
export interface MassMessageFormProps extends EditorProps<MassMessageDto> {
  /** The creator's lists, to choose from. */
  lists: Loaded<CategorizedListDto>;
}

/**
 * A mass message: its text, price and files; who gets it (subscribers, followers or the
 * lists chosen); and when (now, or a moment to come). A scheduled one may be edited.
 */
export function MassMessageForm({ editing, lists, onSaved, onCancel }: MassMessageFormProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const draft = useMessageDraft('massMessages', editing ?? {});
  const [audience, setAudience] = useState<AudienceKind>(editing?.audience.kind ?? 'subscribers');
  const [listIds, setListIds] = useState<ReadonlySet<string>>(() => new Set(editing?.audience.listIds ?? []));
  const [when, setWhen] = useState<'now' | 'later'>(editing ? 'later' : 'now');
  const [scheduledAt, setScheduledAt] = useState(() => localInput(editing?.scheduledAt));
  const { save, fail, send } = useRowSave(massMessageRoutes, editing);

  function toggleList(listId: string, on: boolean) {
    setListIds((current) => {
      const next = new Set(current);
      if (on) next.add(listId);
      else next.delete(listId);
      return next;
    });
  }

  async function submit() {
    const content = draft.check();
    if (!content.ok) return fail(content.message);
    if (audience === 'lists' && listIds.size === 0) return fail(t('creatorMessages.mass.listsRequired'));
    let at: string | null = null;
    if (when === 'later') {
      const date = scheduledAt ? new Date(scheduledAt) : null;
      if (!date || Number.isNaN(date.getTime()) || date.getTime() <= Date.now()) return fail(t('creatorMessages.mass.scheduleRequired'));
      at = date.toISOString();
    }
    const body: MassMessageBody = {
      ...content.value,
      audience: audience === 'lists' ? { kind: 'lists', listIds: [...listIds] } : { kind: audience },
      // A new one without a moment is sent now; an edited one is told so outright.
      ...(at ? { scheduledAt: at } : editing ? { scheduledAt: null } : {}),
    };
    const saved = await send(body);
    if (!saved) return;
    // One sent now is queued at once (still `scheduled`, without a moment, until its job runs).
    if (at) onSaved(t('creatorMessages.mass.scheduled', { date: formatDateTime(saved.scheduledAt ?? at, i18n.language) }));
    else onSaved(t('creatorMessages.mass.sent'));
    if (!editing) {
      draft.reset();
      setWhen('now');
      setScheduledAt('');
    }
  }

  return (
    <ToolForm
      name="mass-message-form"
      title={editing ? t('creatorMessages.mass.editTitle') : t('creatorMessages.mass.newTitle')}
      save={save}
      submitLabel={editing ? t('creatorMessages.mass.saveChanges') : when === 'later' ? t('creatorMessages.mass.scheduleSend') : t('creatorMessages.mass.sendNow')}
      editing={editing !== null}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <MessageFields draft={draft} />
      <fieldset className="tools-choice">
        <legend>{t('creatorMessages.mass.audience')}</legend>
        {AUDIENCES.map((kind) => (
          <label key={kind} className="form__check">
            <input type="radio" name={`${id}-audience`} value={kind} checked={audience === kind} onChange={() => setAudience(kind)} /> {t(`creatorMessages.mass.audiences.${kind}`)}
          </label>
        ))}
        {audience === 'lists' ? <ListChoice lists={lists} chosen={listIds} onToggle={toggleList} /> : null}
      </fieldset>
      <fieldset className="tools-choice">
        <legend>{t('creatorMessages.mass.when')}</legend>
        <label className="form__check">
          <input type="radio" name={`${id}-when`} value="now" checked={when === 'now'} onChange={() => setWhen('now')} /> {t('creatorMessages.mass.now')}
        </label>
        <label className="form__check">
          <input type="radio" name={`${id}-when`} value="later" checked={when === 'later'} onChange={() => setWhen('later')} /> {t('creatorMessages.mass.later')}
        </label>
        {when === 'later' ? (
          <div className="form__field">
            <label htmlFor={`${id}-at`}>{t('creatorMessages.mass.scheduledAt')}</label>
            <input id={`${id}-at`} type="datetime-local" name="scheduledAt" min={localInput(new Date().toISOString())} value={scheduledAt} onChange={(event) => setScheduledAt(event.target.value)} />
          </div>
        ) : null}
      </fieldset>
    </ToolForm>
  );
}

function ListChoice({ lists, chosen, onToggle }: { lists: Loaded<CategorizedListDto>; chosen: ReadonlySet<string>; onToggle: (id: string, on: boolean) => void }) {
  const { t } = useTranslation();
  if (lists.status === 'loading') return <p className="muted">{t('common.loading')}</p>;
  if (lists.status === 'failed') {
    return (
      <p className="error" role="alert">
        {lists.message}
      </p>
    );
  }
  if (lists.items.length === 0) {
    return (
      <p className="muted">
        {t('creatorMessages.mass.noLists')} <Link to="/creator/messages/lists">{t('creatorMessages.mass.createList')}</Link>
      </p>
    );
  }
  return (
    <fieldset className="tools-choice tools-choice--nested">
      <legend>{t('creatorMessages.mass.chooseLists')}</legend>
      {lists.items.map((list) => (
        <label key={list._id} className="form__check">
          <input type="checkbox" value={list._id} checked={chosen.has(list._id)} onChange={(event) => onToggle(list._id, event.target.checked)} /> {list.name}
        </label>
      ))}
    </fieldset>
  );
}
