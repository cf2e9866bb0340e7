import { LIMITS } from '@fandeck/contract';
import { useState, type FormEvent } from 'react';
import { checkAmount, formatMoney, parseAmount, type AmountLimits } from '../format/money.js';
import { useTranslation } from '../i18n/index.js';
import { useSession, useSignalValue } from '../session/react.js';
import { FormError, MoneyInput, SignInPrompt, useErrorText, useModel, VideoProcessing } from '../ui/index.js';
import type { FeedCrowdfunding, FeedPhoto, FeedPoll, FeedPost } from './feeds-api.js';
import { PostExtrasModel } from './post-extras.model.js';

/** The limits of one contribution, in decimal units (the contract's are in cents). */
const CONTRIBUTION_LIMITS: AmountLimits = { min: LIMITS.feed.crowdfundingMinCents / 100, max: LIMITS.feed.crowdfundingContributionMaxCents / 100 };

/** A post's poll or crowdfunding goal, under its text. */
export function PostExtras({ post, onChanged }: { post: FeedPost; onChanged: () => Promise<unknown> }) {
  const session = useSession();
  const model = useModel(() => new PostExtrasModel(session, onChanged));
  if (post.poll) return <PollView post={post} poll={post.poll} model={model} />;
  if (post.crowdfunding) return <CrowdfundingView post={post} goal={post.crowdfunding} model={model} />;
  return null;
}

function PollView({ post, poll: given, model }: { post: FeedPost; poll: FeedPoll; model: PostExtrasModel }) {
  const { t } = useTranslation();
  const session = useSession();
  const loggedIn = useSignalValue(session.auth.loggedIn);
  const voted = useSignalValue(model.poll);
  const step = useSignalValue(model.voting);
  const errorText = useErrorText();
  const poll = voted?._id === given._id ? voted : given;
  const closed = poll.expiredAt !== null && new Date(poll.expiredAt).getTime() <= Date.now();
  const showResults = poll.myVote !== null || closed || !loggedIn || post.locked;
  return (
    <fieldset className="feed-poll" data-poll={poll._id}>
      <legend>{poll.description || t('feeds.poll')}</legend>
      {showResults ? (
        <ul className="feed-poll__results">
          {poll.options.map((option) => {
            const percent = poll.totalVotes > 0 ? Math.round((option.total / poll.totalVotes) * 100) : 0;
            return (
              <li key={option._id} data-mine={poll.myVote === option._id}>
                <span>{option.description}</span>
                <meter min={0} max={100} value={percent} aria-label={t('feeds.pollShare', { option: option.description, percent })} />
                <span>{t('feeds.pollPercent', { percent })}</span>
              </li>
            );
          })}
        </ul>
      ) : (
        <div className="feed-poll__options">
          {poll.options.map((option) => (
            <button key={option._id} type="button" className="button" disabled={step.step === 'busy'} onClick={() => void model.vote(option._id)}>
              {option.description}
            </button>
          ))}
        </div>
      )}
      <p className="muted">{closed ? t('feeds.pollClosed', { count: poll.totalVotes }) : t('feeds.pollVotes', { count: poll.totalVotes })}</p>
      {!loggedIn && !closed ? <SignInPrompt text={t('feeds.signInToVote')} /> : null}
      {step.step === 'failed' ? <FormError>{errorText(step.error)}</FormError> : null}
    </fieldset>
  );
}

function CrowdfundingView({ post, goal, model }: { post: FeedPost; goal: FeedCrowdfunding; model: PostExtrasModel }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const loggedIn = useSignalValue(session.auth.loggedIn);
  const step = useSignalValue(model.contributing);
  const errorText = useErrorText();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const money = (value: number) => formatMoney(value, i18n.language);
  const percent = goal.goal > 0 ? Math.min(100, Math.round((goal.raised / goal.goal) * 100)) : 0;
  const own = session.user.current.value?._id === post.performer._id;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    if (!checkAmount(text, CONTRIBUTION_LIMITS).ok) return;
    const amount = parseAmount(text);
    if (amount.ok && (await model.contribute(goal._id, amount.value))) {
      setText('');
      setTried(false);
    }
  }

  return (
    <section className="feed-goal" data-goal={goal._id} aria-label={goal.title || t('feeds.goal')}>
      {goal.title ? <strong>{goal.title}</strong> : null}
      {goal.description ? <p>{goal.description}</p> : null}
      <progress max={100} value={percent} aria-label={t('feeds.goalProgress', { percent })} />
      <p>{t('feeds.goalRaised', { raised: money(goal.raised), goal: money(goal.goal), count: goal.contributors })}</p>
      {goal.reached ? <span className="badge">{t('feeds.goalReached')}</span> : null}
      {!loggedIn ? <SignInPrompt text={t('feeds.signInToContribute')} /> : null}
      {loggedIn && !own && !post.locked ? (
        <form className="stack" noValidate onSubmit={(event) => void submit(event)}>
          <MoneyInput label={t('feeds.contributeAmount')} text={text} onText={setText} limits={CONTRIBUTION_LIMITS} presets={[5, 10, 25]} showEmpty={tried} disabled={step.step === 'busy'} />
          <button type="submit" className="button button--primary" disabled={step.step === 'busy'}>
            {step.step === 'busy' ? t('feeds.contributing') : t('feeds.contribute')}
          </button>
        </form>
      ) : null}
      {step.step === 'done' ? <p role="status">{t('feeds.contributed')}</p> : null}
      {step.step === 'declined' ? (
        <p className="muted" role="status">
          {t('feeds.contributionDeclined')}
        </p>
      ) : null}
      {step.step === 'failed' ? <FormError>{errorText(step.error)}</FormError> : null}
    </section>
  );
}

/** An audio post's file: its processing progress, then a player once the viewer may hear it. */
export function AudioView({ postId, audio, onReady }: { postId: string; audio: FeedPhoto; onReady: () => void }) {
  const { t } = useTranslation();
  const { api } = useSession();
  if (audio.status === 'processing') {
    return <VideoProcessing statusOf={(options) => api.feeds.fileStatus({ id: postId, fileId: audio._id }, undefined, options)} progress={audio.progress ?? 0} onReady={onReady} />;
  }
  if (audio.status === 'error') return <FormError>{t('feeds.audioError')}</FormError>;
  if (!audio.url) return <p className="muted">{t('feeds.lockedAudio')}</p>;
  return <audio className="feed-audio" controls preload="none" src={audio.url} aria-label={t('feeds.audioLabel')} />;
}
