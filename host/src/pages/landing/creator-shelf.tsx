import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@fandeck/widgets/i18n';
import { CardAvatar, CreatorCard } from '../../components/creator-card.js';
import { liveStreams, type StreamDto } from '../../data/live-streams.js';
import { newestPerformers, topPerformers, type PerformerProfile } from '../../data/performers.js';
import { profilePath } from '../../routing/redirects.js';
import type { ListPage, Outcome } from '../../session/session.js';

const SHELF_SIZE = 8;

type ShelfName = 'top' | 'new' | 'live';
const shelves: readonly ShelfName[] = ['top', 'new', 'live'];

type Shelf = { kind: 'creators'; items: PerformerProfile[] } | { kind: 'streams'; items: StreamDto[] };

function loadShelf(name: ShelfName, signal: AbortSignal): Promise<Outcome<Shelf>> {
  const wrap =
    <T,>(kind: Shelf['kind']) =>
    (outcome: Outcome<ListPage<T>>): Outcome<Shelf> =>
      outcome.ok ? { ok: true, value: { kind, items: outcome.value.data } as Shelf } : outcome;
  if (name === 'top') return topPerformers(SHELF_SIZE, signal).then(wrap<PerformerProfile>('creators'));
  if (name === 'new') return newestPerformers(SHELF_SIZE, signal).then(wrap<PerformerProfile>('creators'));
  return liveStreams(SHELF_SIZE, signal).then(wrap<StreamDto>('streams'));
}

type ShelfState = { status: 'loading' } | { status: 'ready'; shelf: Shelf } | { status: 'failed' };

/** Creators to discover, in three tabs: the most subscribed, the newest, those live now. */
export function CreatorShelf() {
  const { t } = useTranslation();
  const id = useId();
  const [current, setCurrent] = useState<ShelfName>('top');
  const [state, setState] = useState<ShelfState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const tabs = useRef<Partial<Record<ShelfName, HTMLButtonElement | null>>>({});

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    void loadShelf(current, controller.signal).then((outcome) => {
      if (controller.signal.aborted) return;
      setState(outcome.ok ? { status: 'ready', shelf: outcome.value } : { status: 'failed' });
    });
    return () => controller.abort();
  }, [current, attempt]);

  // Arrow keys move between the tabs (the tab pattern: one tab stop for the list).
  function onKey(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = shelves[(shelves.indexOf(current) + step + shelves.length) % shelves.length]!;
    setCurrent(next);
    tabs.current[next]?.focus();
  }

  return (
    <section className="landing__shelf" aria-labelledby={`${id}-title`}>
      <div className="landing__shelf-head">
        <h2 id={`${id}-title`}>{t('landing.discoverTitle')}</h2>
        <div role="tablist" aria-label={t('landing.discoverTitle')} className="landing__tabs" onKeyDown={onKey}>
          {shelves.map((name) => (
            <button
              key={name}
              ref={(node) => {
                tabs.current[name] = node;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${name}`}
              aria-selected={current === name}
              aria-controls={`${id}-panel`}
              tabIndex={current === name ? 0 : -1}
              className="landing__tab"
              onClick={() => setCurrent(name)}
            >
              {t(`landing.shelf_${name}`)}
            </button>
          ))}
        </div>
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${current}`} aria-busy={state.status === 'loading'} data-testid="landing-shelf">
        <ShelfBody state={state} name={current} onRetry={() => setAttempt((n) => n + 1)} />
      </div>
    </section>
  );
}

function ShelfBody({ state, name, onRetry }: { state: ShelfState; name: ShelfName; onRetry: () => void }) {
  const { t } = useTranslation();
  if (state.status === 'loading') {
    return (
      <ul className="creator-grid" aria-hidden="true">
        {Array.from({ length: 4 }, (_, index) => (
          <li key={index} className="creator-card creator-card--skeleton" />
        ))}
      </ul>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="landing__state" role="alert">
        <p>{t('landing.shelfFailed')}</p>
        <button type="button" className="button" onClick={onRetry}>
          {t('site.retry')}
        </button>
      </div>
    );
  }
  const { shelf } = state;
  if (shelf.items.length === 0) {
    return (
      <div className="landing__state" data-testid="landing-shelf-empty">
        <p>{t(name === 'live' ? 'landing.emptyLive' : 'landing.emptyCreators')}</p>
        <Link to="/creators">{t('landing.seeAllCreators')}</Link>
      </div>
    );
  }
  return (
    <ul className="creator-grid">
      {shelf.kind === 'creators'
        ? shelf.items.map((performer) => <CreatorCard key={performer._id} performer={performer} />)
        : shelf.items.map((stream) => <LiveCard key={stream._id} stream={stream} />)}
    </ul>
  );
}

/** A stream broadcasting now: its creator, its title and a link to watch. */
function LiveCard({ stream }: { stream: StreamDto }) {
  const { t } = useTranslation();
  const creator = stream.performerInfo;
  const name = creator?.name ?? stream.title;
  const slug = creator ? profilePath(creator).slice(1) : stream.performerId;
  return (
    <li className="creator-card creator-card--live">
      <Link to={`/live/${slug}`}>
        {creator?.avatar ? <CardAvatar url={creator.avatar} /> : null}
        <span className="creator-card__name">{name}</span>
      </Link>
      <span className="live-badge">{t('landing.liveBadge')}</span>
      {stream.title ? <span className="muted">{stream.title}</span> : null}
    </li>
  );
}
