import { useState } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';

/** What a studio form last said: why it was refused, or that it was saved. */
export type Notice = { kind: 'failed' | 'saved'; text: string } | null;

export interface FormFooterProps {
  notice: Notice;
  /** The submit button's text (its busy text while `saving`). */
  submit: string;
  saving: boolean;
  /** Files still on their way: the button waits for them and says so. */
  waiting?: boolean;
  /** An edit's cancel; a new item has none. */
  onCancel?: (() => void) | undefined;
}

/** The end of every studio form: its refusal or saved notice, cancel, and submit. */
export function FormFooter({ notice, submit, saving, waiting = false, onCancel }: FormFooterProps) {
  const { t } = useTranslation();
  return (
    <>
      {notice ? (
        <p className={notice.kind === 'failed' ? 'error studio-form__notice' : 'success studio-form__notice'} role={notice.kind === 'failed' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      ) : null}
      <div className="studio-form__actions">
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            {t('studio.cancel')}
          </button>
        ) : null}
        {waiting ? <span className="muted studio-form__wait">{t('studio.waitUploads')}</span> : null}
        <button type="submit" className="button button--primary" disabled={saving || waiting}>
          {saving ? t('studio.saving') : submit}
        </button>
      </div>
    </>
  );
}

/**
 * A list row's own state: whether its editor is open, and why its delete failed.
 * `editor` is what the row's form takes: cancel closes it, a save closes it and reloads.
 */
export function useRowState(onChanged: () => void) {
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const editor = {
    onCancel: () => setEditing(false),
    onSaved: () => {
      setEditing(false);
      onChanged();
    },
  };
  return { editing, toggle: () => setEditing(!editing), failure, setFailure, editor };
}
