import { useTranslation } from '@fandeck/widgets/i18n';

export interface PageStatusProps {
  kind: 'loading' | 'error';
  /** Shown as a retry button on errors. */
  onRetry?: () => void;
  /** Replaces the generic error text. */
  message?: string;
}

/** The loading and failure states every page shares. */
export function PageStatus({ kind, onRetry, message }: PageStatusProps) {
  const { t } = useTranslation();
  if (kind === 'loading') {
    return (
      <p className="muted page-status" role="status" aria-live="polite">
        {t('common.loading')}
      </p>
    );
  }
  return (
    <div className="page-status">
      <p className="error" role="alert">
        {message || t('errors.generic')}
      </p>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          {t('site.retry')}
        </button>
      ) : null}
    </div>
  );
}

/** What stands in for a page while its code or its own data arrives: the loading state, a screen tall. */
export function PageLoading() {
  return (
    <div className="page-loading">
      <PageStatus kind="loading" />
    </div>
  );
}
