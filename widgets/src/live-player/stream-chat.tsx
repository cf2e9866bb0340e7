import { MESSAGE_TEXT_MAX, type MessageDto, type StreamSupportEvent } from '@fandeck/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/index.js';
import { useSession, useSignalValue } from '../session/react.js';
import { formatMoney } from '../format/money.js';
import { FormError, SignInPrompt, useErrorText, useModel } from '../ui/index.js';
import { chatTimeline } from './chat-timeline.js';
import type { LivePlayerModel, PendingMessage } from './live-player.model.js';
import { StreamSupportModel } from './stream-support.model.js';

/**
 * A live stream's chat: its messages, oldest first, the viewer's own pending ones after
 * them, and the composer (the sign-in prompt when signed out). Reads the player model's
 * signals; the creator's go-live page shows the same view beside the camera. The host
 * renders it inside a `useNamespaces('live-player')`. Tips and gifts paid in the stream
 * are lines of it too, for everyone, the creator included. Parts: `chat`, `chat-title`,
 * `messages`, `message` (`data-state` `sent`, `sending`, `failed`; `data-mine`), `author`,
 * `text`, `support` (a tip or gift line, `data-kind` `tip` or `gift`), `support-icon`, `support-text`,
 * `retry-send`, `empty`, `composer`, `input`, `send`.
 */
export function StreamChat({ model }: { model: LivePlayerModel }) {
  const { t } = useTranslation();
  const session = useSession();
  const errorText = useErrorText();
  const loggedIn = useSignalValue(session.auth.loggedIn);
  const me = useSignalValue(session.user.current)?._id ?? null;
  const messages = useSignalValue(model.messages);
  const pending = useSignalValue(model.pending);
  const chat = useSignalValue(model.chat);
  const support = useModel(() => new StreamSupportModel(session, model));
  const lines = useSignalValue(support.lines);
  const list = useRef<HTMLOListElement>(null);

  // Keeps the newest message in sight as messages arrive.
  useEffect(() => {
    const box = list.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [messages.length, pending.length, lines.length]);

  const shown = pending.filter((entry) => !messages.some((message) => message.clientId === entry.clientId));
  return (
    <section className="fan-live__chat" part="chat" aria-label={t('live-player.chat.title')}>
      <h3 className="fan-live__chat-title" part="chat-title">
        {t('live-player.chat.title')}
      </h3>
      {chat.status === 'failed' ? (
        <div className="fan-live__chat-failed">
          <FormError>{t('live-player.chat.loadFailed')}</FormError>
          <button type="button" className="fan-button" part="retry" onClick={() => void model.retryChat()}>
            {t('live-player.retry')}
          </button>
        </div>
      ) : null}
      <ol className="fan-live__messages" part="messages" ref={list} aria-live="polite">
        {chatTimeline(messages, lines).map((entry) =>
          entry.kind === 'message' ? (
            <ChatLine key={entry.message._id} message={entry.message} mine={entry.message.senderId === me} />
          ) : (
            <SupportLine key={`support-${entry.line.chargeId}`} line={entry.line} />
          ),
        )}
        {shown.map((entry) => (
          <PendingLine key={entry.clientId} entry={entry} onRetry={() => void model.resend(entry.clientId)} errorText={entry.error ? errorText(entry.error) : null} />
        ))}
      </ol>
      {messages.length === 0 && shown.length === 0 && lines.length === 0 && chat.status === 'ready' ? (
        <p className="fan-live__muted" part="empty">
          {t('live-player.chat.empty')}
        </p>
      ) : null}
      {loggedIn ? <Composer model={model} /> : <SignInPrompt text={t('live-player.chat.signIn')} />}
    </section>
  );
}

function ChatLine({ message, mine }: { message: MessageDto; mine: boolean }) {
  const { t } = useTranslation();
  const author = message.senderInfo?.name || message.senderInfo?.username || '';
  return (
    <li className="fan-live__message" part="message" data-state="sent" data-mine={mine || undefined}>
      {author ? (
        <strong className="fan-live__author" part="author">
          {author}
        </strong>
      ) : null}{' '}
      <span part="text">{message.isDeleted ? t('live-player.chat.deleted') : message.text}</span>
    </li>
  );
}

/** A tip or a gift paid in the stream, as a line of the chat: "Ana enviou 🌹 Rosa (R$ 5,00)". */
export function SupportLine({ line }: { line: StreamSupportEvent }) {
  const { t, i18n } = useTranslation();
  const name = line.sender.name || line.sender.username || t('live-player.support.someone');
  const amount = formatMoney(line.amount, i18n.language);
  const gift = line.gift;
  return (
    <li className="fan-live__support" part="support" data-kind={line.kind}>
      <span className="fan-live__support-icon" part="support-icon" aria-hidden="true">
        {gift?.imageUrl ? <img src={gift.imageUrl} alt="" width="20" height="20" /> : gift ? gift.emoji : '💸'}
      </span>{' '}
      <span part="support-text">
        {gift ? t('live-player.support.gift', { name, gift: `${gift.emoji} ${gift.name}`.trim(), amount }) : t('live-player.support.tip', { name, amount })}
      </span>
    </li>
  );
}

function PendingLine({ entry, onRetry, errorText }: { entry: PendingMessage; onRetry: () => void; errorText: string | null }) {
  const { t } = useTranslation();
  return (
    <li className="fan-live__message" part="message" data-state={entry.status} data-mine>
      <span part="text">{entry.text}</span>{' '}
      {entry.status === 'sending' ? (
        <span className="fan-live__muted" part="status">
          {t('live-player.chat.sending')}
        </span>
      ) : (
        <>
          <span className="fan-error" part="status" role="alert">
            {errorText ?? t('live-player.chat.failed')}
          </span>{' '}
          <button type="button" className="fan-button fan-button--link" part="retry-send" onClick={onRetry}>
            {t('live-player.chat.retry')}
          </button>
        </>
      )}
    </li>
  );
}

function Composer({ model }: { model: LivePlayerModel }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const tooLong = text.length > MESSAGE_TEXT_MAX;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = text.trim();
    if (!body || tooLong) return;
    setText('');
    void model.send(body);
  }

  return (
    <form className="fan-live__composer" part="composer" onSubmit={submit}>
      <input
        className="fan-input"
        part="input"
        aria-label={t('live-player.chat.label')}
        placeholder={t('live-player.chat.placeholder')}
        value={text}
        maxLength={MESSAGE_TEXT_MAX + 1}
        onInput={(event) => setText((event.target as HTMLInputElement).value)}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="fan-button fan-button--primary" part="send" disabled={!text.trim() || tooLong}>
        {t('live-player.chat.send')}
      </button>
      {tooLong ? <FormError>{t('live-player.chat.tooLong', { max: MESSAGE_TEXT_MAX })}</FormError> : null}
    </form>
  );
}
