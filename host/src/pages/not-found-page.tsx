import { Link } from 'react-router';
import { useTranslation } from '@fandeck/widgets/i18n';

/** Any path no route claims yet. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section>
      <h1>{t('common.notFound')}</h1>
      <Link to="/home">{t('common.backHome')}</Link>
    </section>
  );
}
