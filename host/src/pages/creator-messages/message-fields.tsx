import { useId, useState } from 'react';
import { MESSAGE_TEXT_MAX } from '@fandeck/contract';
import { amountText, parseAmount } from '@fandeck/widgets/format/money';
import { useTranslation } from '@fandeck/widgets/i18n';
import { AttachmentsField, useAttachments, type UploadBase } from './attachments.js';

/** What every message tool sends: its text, price (decimal units) and files. */
export interface MessageContent {
  text: string;
  price: number;
  fileIds: string[];
}

export type DraftCheck = { ok: true; value: MessageContent } | { ok: false; message: string };

/**
 * The text, price and files of a message being written (mass message, template, automatic
 * message), started from a saved one's. `check` says what keeps it from being sent: files
 * still uploading, a price that does not read, or nothing at all to send.
 */
export function useMessageDraft(base: UploadBase, initial: Partial<MessageContent> = {}) {
  const { t, i18n } = useTranslation();
  const priceText = (price: number | undefined) => (price && price > 0 ? amountText(price, i18n.language) : '');
  const [text, setText] = useState(initial.text ?? '');
  const [price, setPrice] = useState(() => priceText(initial.price));
  const attachments = useAttachments(base, initial.fileIds ?? []);

  function check(): DraftCheck {
    if (attachments.busy) return { ok: false, message: t('creatorMessages.fields.waitUploads') };
    let amount = 0;
    if (price.trim()) {
      const parsed = parseAmount(price);
      if (!parsed.ok) return { ok: false, message: t('creatorMessages.fields.priceInvalid') };
      amount = parsed.value;
    }
    const fileIds = attachments.fileIds();
    if (!text.trim() && fileIds.length === 0) return { ok: false, message: t('creatorMessages.fields.empty') };
    if (amount > 0 && fileIds.length === 0) return { ok: false, message: t('creatorMessages.fields.priceNeedsFiles') };
    return { ok: true, value: { text: text.trim(), price: amount, fileIds } };
  }

  function reset(next: Partial<MessageContent> = {}) {
    setText(next.text ?? '');
    setPrice(priceText(next.price));
    attachments.reset(next.fileIds ?? []);
  }

  return { text, setText, price, setPrice, attachments, check, reset };
}

export type MessageDraft = ReturnType<typeof useMessageDraft>;

/** The text, price and files fields of a message tool's form. */
export function MessageFields({ draft }: { draft: MessageDraft }) {
  const { t } = useTranslation();
  const id = useId();
  const parsed = draft.price.trim() ? parseAmount(draft.price) : null;
  return (
    <>
      <div className="form__field">
        <label htmlFor={`${id}-text`}>{t('creatorMessages.fields.text')}</label>
        <textarea id={`${id}-text`} name="text" rows={4} maxLength={MESSAGE_TEXT_MAX} value={draft.text} onChange={(event) => draft.setText(event.target.value)} />
      </div>
      <div className="form__field" data-invalid={parsed && !parsed.ok ? 'true' : undefined}>
        <label htmlFor={`${id}-price`}>{t('creatorMessages.fields.price')}</label>
        <input
          id={`${id}-price`}
          name="price"
          inputMode="decimal"
          autoComplete="off"
          value={draft.price}
          onChange={(event) => draft.setPrice(event.target.value)}
          aria-invalid={parsed && !parsed.ok ? true : undefined}
          aria-describedby={`${id}-price-hint`}
        />
        <small id={`${id}-price-hint`} className="muted">
          {parsed && !parsed.ok ? t('creatorMessages.fields.priceInvalid') : t('creatorMessages.fields.priceHint')}
        </small>
      </div>
      <AttachmentsField attachments={draft.attachments} />
    </>
  );
}
