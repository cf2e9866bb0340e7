import type { PartyInfo } from '@fandeck/contract';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { failureTextOf } from '../api/error-catalogue.js';
import { useTranslation } from '../i18n/index.js';
import { useSession, useSignalValue } from '../session/react.js';
import { FormError, useErrorText, useModel } from '../ui/index.js';
import { PrivateCallModel, type CallStep, type PrivateCall, type PrivateCallDeps } from './private-call.model.js';

/**
 * The room of one private call: the other party's video (large), this side's camera
 * (small, mirrored), the time left of what was agreed, and the controls: join, mute,
 * camera off, leave, and for the creator end the call. Parts: `remote`, `local`, `status`,
 * `join`, `mic`, `camera`, `leave`, `end`, `remaining`.
 */
export function PrivateCallView({ requestId, deps }: { requestId: string; deps?: PrivateCallDeps }) {
  const session = useSession();
  const model = useModel(() => new PrivateCallModel(session, requestId, deps));
  useEffect(() => void model.open(), [model]);
  const step = useSignalValue(model.step);
  const { t } = useTranslation();
  const errorText = useErrorText();

  if (step.step === 'loading') return <p className="fan-call__status" part="status" role="status">{t('private-call.loading')}</p>;
  if (step.step === 'unavailable') {
    return (
      <section className="fan-call" data-state="unavailable">
        <h1 className="fan-call__title">{t('private-call.unavailable')}</h1>
        <FormError>{errorText(step.error)}</FormError>
      </section>
    );
  }
  return <CallRoom model={model} step={step} />;
}

type WithCall = Exclude<CallStep, { step: 'loading' } | { step: 'unavailable' }>;

function CallRoom({ model, step }: { model: PrivateCall; step: WithCall }) {
  const { t } = useTranslation();
  const session = useSession();
  const me = useSignalValue(session.user.current);
  const micOn = useSignalValue(model.micOn);
  const cameraOn = useSignalValue(model.cameraOn);
  const ending = useSignalValue(model.ending);
  const [problem, setProblem] = useState<string | null>(null);
  const { request, stream } = step.call;
  const isCreator = me?._id === request.performerId;
  const other: PartyInfo | undefined = isCreator ? request.userInfo : request.performerInfo;
  const name = other?.name || other?.username || '';
  const inCall = step.step === 'connecting' || step.step === 'in-call' || step.step === 'reconnecting';
  const canJoin = step.step === 'lobby' || step.step === 'left' || step.step === 'elsewhere' || step.step === 'failed';

  return (
    <section className="fan-call" data-state={step.step} aria-label={t('private-call.title', { name })}>
      <header className="fan-call__head">
        <h1 className="fan-call__title">{t('private-call.title', { name })}</h1>
        <Remaining startedAt={stream.startedAt} minutes={request.duration} />
      </header>
      <div className="fan-call__stage">
        <RemoteVideo model={model} name={name} showing={inCall} />
        {!inCall && <p className="fan-call__waiting">{step.step === 'ended' ? t('private-call.status.ended') : t('private-call.joinToSee', { name })}</p>}
        <LocalVideo model={model} />
      </div>
      <CallStatus model={model} step={step} />
      <div className="fan-call__controls">
        {canJoin && (
          <button type="button" className="fan-button fan-button--primary" part="join" onClick={() => void model.join()}>
            {step.step === 'lobby' ? t('private-call.join') : t('private-call.rejoin')}
          </button>
        )}
        <button type="button" className="fan-button" part="mic" aria-pressed={!micOn} onClick={() => model.toggleMic()}>
          {micOn ? t('private-call.micOff') : t('private-call.micOn')}
        </button>
        <button type="button" className="fan-button" part="camera" aria-pressed={!cameraOn} onClick={() => model.toggleCamera()}>
          {cameraOn ? t('private-call.cameraOff') : t('private-call.cameraOn')}
        </button>
        {inCall && (
          <button type="button" className="fan-button" part="leave" onClick={() => model.hangUp()}>
            {t('private-call.hangUp')}
          </button>
        )}
        {isCreator && step.step !== 'ended' && (
          <button
            type="button"
            className="fan-button fan-button--danger"
            part="end"
            disabled={ending}
            onClick={() => {
              setProblem(null);
              void model.end().then((error) => error && setProblem(error.message || t('errors.generic')));
            }}
          >
            {ending ? t('private-call.ending') : t('private-call.end')}
          </button>
        )}
      </div>
      <FormError>{problem}</FormError>
    </section>
  );
}

function CallStatus({ model, step }: { model: PrivateCall; step: WithCall }) {
  const { t } = useTranslation();
  const camera = useSignalValue(model.camera);
  const lines: string[] = [];
  if (camera === 'asking') lines.push(t('private-call.camera.asking'));
  if (camera === 'denied') lines.push(t('private-call.camera.denied'));
  if (camera === 'unavailable') lines.push(t('private-call.camera.unavailable'));
  const text = {
    lobby: t('private-call.status.lobby'),
    connecting: t('private-call.status.connecting'),
    'in-call': t('private-call.status.inCall'),
    reconnecting: t('private-call.status.reconnecting', { attempt: step.step === 'reconnecting' ? step.attempt : 0 }),
    ended: t('private-call.status.ended'),
    left: t('private-call.status.left'),
    elsewhere: t('private-call.status.elsewhere'),
    failed: step.step === 'failed' && step.code !== 'network' ? failureTextOf({ code: step.code, status: 422 }, t) : t('private-call.status.failed'),
  }[step.step];
  return (
    <div className="fan-call__status" part="status" role="status" data-state={step.step}>
      <p>{text}</p>
      {lines.map((line) => (
        <p key={line} className="fan-call__notice">
          {line}
        </p>
      ))}
      {(camera === 'denied' || camera === 'unavailable') && step.step !== 'ended' && (
        <button type="button" className="fan-button" onClick={() => void model.retryCamera()}>
          {t('private-call.camera.retry')}
        </button>
      )}
    </div>
  );
}

/** A frame older than this means the other side's video stopped (left, camera off, connection lost). */
const STALE_FRAME_MS = 1500;

/**
 * Whether the video is getting frames: the time of the last decoded frame (the video's frame
 * callback, or its decoded-frame count where there is none), checked every half second.
 */
function useVideoFlowing(element: RefObject<HTMLVideoElement | null>, stream: MediaStream | null): boolean {
  const [flowing, setFlowing] = useState(false);
  useEffect(() => {
    const video = element.current;
    if (!video || !stream) return void setFlowing(false);
    let last = 0;
    let frames = 0;
    let handle = 0;
    const watchFrames = typeof video.requestVideoFrameCallback === 'function';
    const onFrame = () => {
      last = performance.now();
      handle = video.requestVideoFrameCallback(onFrame);
    };
    if (watchFrames) handle = video.requestVideoFrameCallback(onFrame);
    const timer = setInterval(() => {
      if (!watchFrames) {
        const decoded = video.getVideoPlaybackQuality?.().totalVideoFrames ?? 0;
        if (decoded > frames) last = performance.now();
        frames = decoded;
      }
      setFlowing(last > 0 && performance.now() - last < STALE_FRAME_MS);
    }, 500);
    return () => {
      clearInterval(timer);
      if (watchFrames) video.cancelVideoFrameCallback(handle);
    };
  }, [element, stream]);
  return flowing;
}

function RemoteVideo({ model, name, showing }: { model: PrivateCall; name: string; showing: boolean }) {
  const { t } = useTranslation();
  const remote = useSignalValue(model.remote);
  const element = useRef<HTMLVideoElement>(null);
  const flowing = useVideoFlowing(element, remote);
  useEffect(() => {
    const video = element.current;
    if (!video) return;
    video.srcObject = remote;
    if (remote) void video.play().catch(() => undefined);
  }, [remote]);
  return (
    <div className="fan-call__remote" data-flowing={flowing ? 'true' : 'false'}>
      <video ref={element} part="remote" className="fan-call__remote-video" autoPlay playsInline aria-label={t('private-call.remoteLabel', { name })} />
      {showing && !flowing && <p className="fan-call__waiting">{remote ? t('private-call.paused', { name }) : t('private-call.waiting', { name })}</p>}
    </div>
  );
}

function LocalVideo({ model }: { model: PrivateCall }) {
  const { t } = useTranslation();
  const local = useSignalValue(model.local);
  const cameraOn = useSignalValue(model.cameraOn);
  const element = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (element.current) element.current.srcObject = local;
  }, [local]);
  return (
    <div className="fan-call__local" data-camera={local && cameraOn ? 'on' : 'off'}>
      <video ref={element} part="local" className="fan-call__local-video" autoPlay playsInline muted aria-label={t('private-call.localLabel')} />
      <span className="fan-call__you">{t('private-call.you')}</span>
    </div>
  );
}

/** The time left of the minutes agreed, from when the creator started the call. */
function Remaining({ startedAt, minutes }: { startedAt: string | null; minutes: number }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!startedAt || minutes <= 0) return <span part="remaining">{t('private-call.minutes', { count: minutes })}</span>;
  const left = Math.round((Date.parse(startedAt) + minutes * 60_000 - now) / 1000);
  if (left <= 0) return <span part="remaining" data-state="over">{t('private-call.overtime')}</span>;
  const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
  return <span part="remaining">{t('private-call.remaining', { time })}</span>;
}
