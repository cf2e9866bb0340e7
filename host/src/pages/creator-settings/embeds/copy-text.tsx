import { useId, useState } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';

/**
 * A copy-ready text: shown whole (selectable, wrapped, never wider than the screen) with
 * a button that puts it on the clipboard and says so.
 */
export function CopyText({ label, text, testId }: { label: string; text: string; testId?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState<'idle' | 'done' | 'failed'>('idle');

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('done');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <div className="copy-text stack" data-testid={testId}>
      <span id={`${id}-label`} className="copy-text__label">
        {label}
      </span>
      <pre className="copy-text__code" aria-labelledby={`${id}-label`} tabIndex={0}>
        <code>{text}</code>
      </pre>
      <div className="copy-text__actions">
        <button type="button" className="button" onClick={() => void copy()} aria-label={`${t('settingsSections.embeds.copy')}: ${label}`}>
          {t('settingsSections.embeds.copy')}
        </button>
        <span role="status" className={copied === 'failed' ? 'error' : 'success'}>
          {copied === 'done' ? t('settingsSections.embeds.copied') : copied === 'failed' ? t('settingsSections.embeds.copyFailed') : ''}
        </span>
      </div>
    </div>
  );
}
