import { useTranslation } from '@fandeck/widgets/i18n';

/** The text of a screen's `namespace.key` label (the registry holds keys of several namespaces). */
export function useScreenText(): (key: string) => string {
  const { t } = useTranslation();
  return (key) => (t as unknown as (key: string) => string)(key);
}
