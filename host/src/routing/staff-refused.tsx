import { Link } from 'react-router';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import type { StaffAccess } from './staff-access.js';

/** A back-office page the staff member may not open: what it needs, and the way back (the 403 the server would answer, said plainly). */
export function StaffRefused({ access }: { access: StaffAccess }) {
  useNamespaces('admin');
  const { t } = useTranslation();
  const name = access === 'admin' || access === 'any' ? t('admin.refused.adminOnly') : access;
  return (
    <section className="card stack" aria-labelledby="staff-refused-title" data-testid="staff-refused" data-status="403">
      <h1 id="staff-refused-title">{t('admin.refused.title')}</h1>
      <p>{t('admin.refused.text', { name })}</p>
      <p>
        <Link className="button" to="/admin">
          {t('admin.refused.back')}
        </Link>
      </p>
    </section>
  );
}
