import { useId, type ReactNode } from 'react';
import { useTranslation } from '../i18n/index.js';
import { FormError, SubmitButton, useErrorText } from '../ui/index.js';
import type { Load } from './dashboard.model.js';

export interface LoadCardProps<T> {
  part: string;
  title: string;
  /** Controls beside the title (the chart's interval switch). */
  actions?: ReactNode;
  state: Load<T>;
  onRetry: () => void;
  children: (value: T) => ReactNode;
}

/** A titled card around a load: loading, failed with retry, or its content. */
export function LoadCard<T>({ part, title, actions, state, onRetry, children }: LoadCardProps<T>) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useId();
  return (
    <section className="fan-dash__card" part={part} aria-labelledby={id}>
      <div className="fan-dash__row">
        <h3 id={id} className="fan-dash__subtitle">
          {title}
        </h3>
        {actions}
      </div>
      {state.status === 'loading' ? (
        <p className="fan-dash__muted" part="loading" aria-busy="true">
          {t('dashboard.loading')}
        </p>
      ) : state.status === 'failed' ? (
        <>
          <FormError>{errorText(state.error)}</FormError>
          <SubmitButton type="button" part="retry" variant="secondary" onClick={onRetry}>
            {t('dashboard.retry')}
          </SubmitButton>
        </>
      ) : (
        children(state.value)
      )}
    </section>
  );
}

