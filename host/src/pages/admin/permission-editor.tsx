import { useState } from 'react';
import { PERMISSION_CATALOGUE, type PermissionKey, type StaffMemberDto } from '@fandeck/contract';
import { useTranslation } from '@fandeck/widgets/i18n';

type Action = 'all' | 'create' | 'update' | 'delete' | 'view';
const areas = Object.entries(PERMISSION_CATALOGUE) as [string, readonly Action[]][];

/** The catalogue's permissions as checkboxes, one group per area (spec section 6). */
export function PermissionChecks({ idPrefix, value, onChange }: { idPrefix: string; value: readonly PermissionKey[]; onChange(next: PermissionKey[]): void }) {
  const { t } = useTranslation();
  const toggle = (key: PermissionKey, on: boolean) => onChange(on ? [...value, key] : value.filter((held) => held !== key));
  return (
    <div className="admin-permissions">
      {areas.map(([area, actions]) => (
        <fieldset key={area}>
          <legend>{area.replace(/_/g, ' ')}</legend>
          {actions.map((action) => {
            const key = `${area}.${action}` as PermissionKey;
            return (
              <label key={key} htmlFor={`${idPrefix}-${key}`}>
                <input id={`${idPrefix}-${key}`} type="checkbox" name={key} checked={value.includes(key)} onChange={(event) => toggle(key, event.target.checked)} />
                {t(`admin.staff.actions.${action}`)}
              </label>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}

/** A manager's permissions, changed and saved in one call (grant and revoke). */
export function PermissionEditor({ member, busy, onSave }: { member: StaffMemberDto; busy: boolean; onSave(permissions: PermissionKey[]): void }) {
  const { t } = useTranslation();
  const name = member.name || member.username || member.email;
  const [draft, setDraft] = useState<PermissionKey[]>(member.permissions);
  return (
    <details className="stack" data-part="permissions">
      <summary>{t('admin.staff.edit', { name })}</summary>
      <PermissionChecks idPrefix={`perm-${member._id}`} value={draft} onChange={setDraft} />
      <p>
        <button type="button" className="button button--primary" disabled={busy} onClick={() => onSave(draft)}>
          {t('admin.staff.save')}
        </button>
      </p>
    </details>
  );
}
