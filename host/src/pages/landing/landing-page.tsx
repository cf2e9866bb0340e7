import { LIMITS } from '@fandeck/contract';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { creatorRegisterPath, fanRegisterPath } from '../../routing/redirects.js';
import { session, useSignalValue } from '../../session/session.js';
import { CreatorShelf } from './creator-shelf.js';

const discoverPath = '/discover';

/**
 * `/` for a visitor (its gate sends a signed-in user home): what the site is, a search
 * that goes to discover, and creators to discover (top, new, live now).
 */
export function LandingPage() {
  useNamespaces('landing', 'creators');
  const { t } = useTranslation();
  const siteName = useSignalValue(session.ui.siteName);
  return (
    <div className="landing" data-testid="landing">
      <section className="landing__hero" aria-labelledby="landing-title">
        <p className="landing__eyebrow">{siteName}</p>
        <h1 id="landing-title">{t('landing.title')}</h1>
        <p className="landing__lead">{t('landing.lead')}</p>
        <LandingSearch />
        <div className="landing__actions">
          <Link to={fanRegisterPath} className="button button--primary">
            {t('landing.joinAsFan')}
          </Link>
          <Link to={creatorRegisterPath} className="button">
            {t('landing.joinAsCreator')}
          </Link>
        </div>
      </section>
      <ul className="landing__points">
        <li>
          <h2>{t('landing.pointSubscribeTitle')}</h2>
          <p className="muted">{t('landing.pointSubscribeBody')}</p>
        </li>
        <li>
          <h2>{t('landing.pointCloseTitle')}</h2>
          <p className="muted">{t('landing.pointCloseBody')}</p>
        </li>
        <li>
          <h2>{t('landing.pointPixTitle')}</h2>
          <p className="muted">{t('landing.pointPixBody')}</p>
        </li>
      </ul>
      <CreatorShelf />
      <section className="landing__creators-cta" aria-labelledby="landing-creator-cta">
        <h2 id="landing-creator-cta">{t('landing.creatorCtaTitle')}</h2>
        <p className="muted">{t('landing.creatorCtaBody')}</p>
        <Link to={creatorRegisterPath} className="button button--primary">
          {t('landing.joinAsCreator')}
        </Link>
      </section>
    </div>
  );
}

/** The search box: the words go to discover (`?q=`). */
function LandingSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = text.trim();
    void navigate(q ? `${discoverPath}?${new URLSearchParams({ q }).toString()}` : discoverPath);
  }
  return (
    <form role="search" className="landing__search" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {t('landing.searchLabel')}
      </label>
      <input
        id={id}
        type="search"
        maxLength={LIMITS.search.keywordMax}
        placeholder={t('landing.searchPlaceholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="button button--primary">
        {t('landing.searchSubmit')}
      </button>
    </form>
  );
}
