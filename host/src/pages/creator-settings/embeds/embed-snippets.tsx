import { createElement, useEffect, useState } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';
import { session, useSignalValue } from '../../../session/session.js';
import { CopyText } from './copy-text.js';

const ELEMENTS = ['fan-tip-button', 'fan-subscribe', 'fan-chat-inbox', 'fan-live-player', 'fan-wallet-topup', 'fan-creator-dashboard'] as const;
type ElementTag = (typeof ELEMENTS)[number];

/** Each element's code, fetched when its preview is first asked for. */
const LOADERS: Record<ElementTag, () => Promise<unknown>> = {
  'fan-tip-button': () => import('@fandeck/widgets/tip/fan-tip-button.element'),
  'fan-subscribe': () => import('@fandeck/widgets/subscribe/fan-subscribe.element'),
  'fan-chat-inbox': () => import('@fandeck/widgets/chat/fan-chat-inbox.element'),
  'fan-live-player': () => import('@fandeck/widgets/live-player/fan-live-player.element'),
  'fan-wallet-topup': () => import('@fandeck/widgets/wallet/fan-wallet-topup.element'),
  'fan-creator-dashboard': () => import('@fandeck/widgets/dashboard/fan-creator-dashboard.element'),
};

/** The elements about this creator carry `creator`; the wallet and the dashboard are the visitor's and the creator's own. */
const attributesOf = (tag: ElementTag, creator: string): Record<string, string> =>
  tag === 'fan-wallet-topup' || tag === 'fan-creator-dashboard' ? {} : { creator };

const snippetOf = (tag: ElementTag, creator: string) =>
  `<${tag}${Object.entries(attributesOf(tag, creator))
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('')}></${tag}>`;

/**
 * Copy-ready code for the creator's site: the loader script once, then each element,
 * each with a live preview (the element itself, rendered here as on a partner page).
 */
export function EmbedSnippets() {
  const { t, i18n } = useTranslation();
  const user = useSignalValue(session.user.current);
  const creator = user?.username ?? '';
  if (!creator) return <p className="muted">{t('settingsSections.embeds.needsUsername')}</p>;
  const loader = `<script src="${window.location.origin}/embed.js" async data-creator="${creator}" data-locale="${i18n.language}"></script>`;
  return (
    <section className="stack" data-testid="embed-snippets">
      <h3>{t('settingsSections.embeds.snippetsTitle')}</h3>
      <p className="muted">{t('settingsSections.embeds.snippetsIntro')}</p>
      <CopyText label={t('settingsSections.embeds.loaderTitle')} text={loader} testId="snippet-loader" />
      {ELEMENTS.map((tag) => (
        <ElementSnippet key={tag} tag={tag} creator={creator} />
      ))}
    </section>
  );
}

function ElementSnippet({ tag, creator }: { tag: ElementTag; creator: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const name = t(`settingsSections.embeds.elements.${tag}`);
  return (
    <div className="settings__group stack" data-element={tag}>
      <CopyText label={`${name} (<${tag}>)`} text={snippetOf(tag, creator)} testId={`snippet-${tag}`} />
      <button type="button" className="button embed-preview__toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? t('settingsSections.embeds.hidePreview') : t('settingsSections.embeds.preview')}
      </button>
      {open ? <ElementPreview tag={tag} creator={creator} title={t('settingsSections.embeds.previewTitle', { element: name })} /> : null}
    </div>
  );
}

function ElementPreview({ tag, creator, title }: { tag: ElementTag; creator: string; title: string }) {
  const [ready, setReady] = useState(() => customElements.get(tag) !== undefined);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void LOADERS[tag]().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [ready, tag]);
  return (
    <figure className="embed-preview" aria-label={title} data-testid={`preview-${tag}`} aria-busy={!ready}>
      {ready ? createElement(tag, attributesOf(tag, creator)) : null}
    </figure>
  );
}
