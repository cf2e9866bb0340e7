import { useMemo } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';
import { BODY_ATTRIBUTES } from './own-profile.js';
import type { ProfileDraft, SetDraft } from './profile-draft.js';
import type { ReferenceData } from './reference-data.js';
import { ChoiceSelect, errorFor, Field, type SaveState } from './settings-fields.js';

export interface ProfileAttributesProps {
  id: string;
  draft: ProfileDraft;
  set: SetDraft;
  save: SaveState;
  reference: ReferenceData;
}

/** Body attributes, languages and categories: the lists the creator picks from. */
export function ProfileAttributes({ id, draft, set, save, reference }: ProfileAttributesProps) {
  const { t, i18n } = useTranslation();
  const languages = useMemo(() => {
    const names = safeDisplayNames(i18n.language);
    return reference.languages
      .map((language) => {
        // An engine without a name for the code answers the code itself.
        const named = names?.of(language.code);
        const name = named && named !== language.code ? named : language.nativeName || language.name;
        // pt-BR and es write language names in lower case; in a list they start with a capital.
        return { code: language.code, name: name.charAt(0).toLocaleUpperCase(i18n.language) + name.slice(1) };
      })
      .sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  }, [reference.languages, i18n.language]);
  const languagesError = errorFor(save, 'languages');
  const categoriesError = errorFor(save, 'categoryIds');

  return (
    <>
      <fieldset className="settings__group">
        <legend>{t('creatorSettings.profile.bodyTitle')}</legend>
        <div className="settings__grid">
          {BODY_ATTRIBUTES.map((key) => (
            <ChoiceSelect
              key={key}
              id={`${id}-${key}`}
              name={key}
              label={t(`creatorSettings.profile.${key}`)}
              choices={reference.attributes[key]}
              value={draft[key]}
              onChange={(value) => set(key, value)}
              error={errorFor(save, key)}
            />
          ))}
        </div>
      </fieldset>
      <Field id={`${id}-languages`} label={t('creatorSettings.profile.languages')} hint={t('creatorSettings.profile.languagesHint')} error={languagesError}>
        {(control) => (
          <select
            {...control}
            name="languages"
            multiple
            size={6}
            value={draft.languages}
            onChange={(event) => set('languages', [...event.target.selectedOptions].map((option) => option.value))}
          >
            {languages.map((language) => (
              <option key={language.code} value={language.code}>
                {language.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <fieldset className="settings__group" aria-invalid={categoriesError ? true : undefined} aria-describedby={categoriesError ? `${id}-categories-error` : undefined}>
        <legend>{t('creatorSettings.profile.categories')}</legend>
        {reference.categories.length === 0 ? <p className="muted">{t('creatorSettings.profile.noCategories')}</p> : null}
        <div className="settings__checks">
          {reference.categories.map((category) => (
            <label key={category._id} className="form__check">
              <input
                type="checkbox"
                name="categoryIds"
                value={category._id}
                checked={draft.categoryIds.includes(category._id)}
                onChange={(event) =>
                  set('categoryIds', event.target.checked ? [...draft.categoryIds, category._id] : draft.categoryIds.filter((other) => other !== category._id))
                }
              />{' '}
              {category.name}
            </label>
          ))}
        </div>
        {categoriesError ? (
          <p id={`${id}-categories-error`} className="error" role="alert">
            {categoriesError}
          </p>
        ) : null}
      </fieldset>
    </>
  );
}

/** Language names in the reader's language; older engines without Intl.DisplayNames get the catalogue's. */
function safeDisplayNames(locale: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' });
  } catch {
    return null;
  }
}
