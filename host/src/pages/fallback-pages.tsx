import { Link } from 'react-router';
import { useTranslation } from '@fandeck/widgets/i18n';

/** Any path no route claims. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section data-testid="not-found">
      <h1>{t('common.notFound')}</h1>
      <Link to="/">{t('common.backHome')}</Link>
    </section>
  );
}
