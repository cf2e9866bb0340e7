import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/index.js';
import { useSignalValue } from '../session/react.js';
import { FormError, useErrorText } from '../ui/index.js';
import { REPORT_DESCRIPTION_MAX } from './social-api.js';
import type { PostSocialModel } from './social.model.js';

/**
 * The report of a post: the fan's reason, sent to the staff once. After it is sent the
 * form says thank you; a post reported before says so (409 `reports.duplicate`).
 */
export function ReportForm({ model, onClose }: { model: PostSocialModel; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const errorText = useErrorText();
  const report = useSignalValue(model.report);
  const [reason, setReason] = useState('');

  function close() {
    model.resetReport();
    onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void model.sendReport(reason);
  }

  if (report.status === 'sent') {
    return (
      <div className="post-social__report-form">
        <p className="success" role="status">
          {t('feeds.report.sent')}
        </p>
      </div>
    );
  }
  const sending = report.status === 'sending';
  return (
    <form className="post-social__report-form stack" noValidate onSubmit={submit} aria-busy={sending} aria-labelledby={`${id}-title`} data-testid="report-form">
      <strong id={`${id}-title`}>{t('feeds.report.title')}</strong>
      <div className="form__field">
        <label htmlFor={`${id}-reason`}>{t('feeds.report.reason')}</label>
        <textarea
          id={`${id}-reason`}
          rows={3}
          maxLength={REPORT_DESCRIPTION_MAX}
          required
          value={reason}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setReason(event.target.value)}
        />
        <small id={`${id}-hint`} className="muted">
          {t('feeds.report.hint')}
        </small>
      </div>
      <FormError>{report.status === 'failed' ? errorText(report.error) : null}</FormError>
      <div className="post-social__row">
        <button type="submit" className="button button--primary" disabled={sending || !reason.trim()}>
          {sending ? t('feeds.report.sending') : t('feeds.report.send')}
        </button>
        <button type="button" className="button" onClick={close}>
          {t('feeds.report.cancel')}
        </button>
      </div>
    </form>
  );
}
