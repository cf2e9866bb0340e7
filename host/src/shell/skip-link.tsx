import { useTranslation } from '@fandeck/widgets/i18n';

/** The id of every layout's main region, where the skip link lands. */
export const mainId = 'main';

/** The first tab stop of every page: straight to the main region, past the header and navigation. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="skip-link"
      href={`#${mainId}`}
      data-testid="skip-link"
      onClick={(event) => {
        // The router owns the address; move focus without adding a hash entry.
        event.preventDefault();
        document.getElementById(mainId)?.focus();
      }}
    >
      {t('site.skipToContent')}
    </a>
  );
}
