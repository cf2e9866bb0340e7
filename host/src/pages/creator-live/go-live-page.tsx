import { LIMITS, type StreamDto, type StreamJoinDto } from '@fandeck/contract';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { LivePlayerModel } from '@fandeck/widgets/live-player/live-player.model';
import { StreamChat } from '@fandeck/widgets/live-player/stream-chat';
import { readToken } from '@fandeck/widgets/session';
import { useModel } from '@fandeck/widgets/ui';
import '@fandeck/widgets/kit/base.css';
import '@fandeck/widgets/ui/form-controls.css';
import '@fandeck/widgets/live-player/fan-live-player.css';
import '@fandeck/widgets/live-player/live-stage.css';
import { Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { PageStatus } from '../../components/page-status.js';
import { session, useSignalValue, type ActionError } from '../../session/session.js';
import { startIngest, pickIngestMime, type Ingest, type IngestStats } from './stream-ingest.js';
import { useCamera } from './use-camera.js';
import { LiveStats } from './live-stats.js';

type Phase = { step: 'idle' } | { step: 'starting' } | { step: 'live'; stream: StreamDto; since: number } | { step: 'ending'; stream: StreamDto; since: number } | { step: 'ended' };

const errorCodeOf = (error: ActionError) => (error.body && typeof error.body === 'object' ? (error.body as { code?: unknown }).code : undefined);

/**
 * /creator/live: the creator goes live from the browser. The camera's preview with the
 * camera and microphone to use, the stream's title, description and whether it is for
 * subscribers only; "Go live" creates the stream (`POST /streaming/live`) and sends the
 * camera to the platform (stream-ingest.ts), with the time on air, what was sent, how many
 * watch and the upload connection's state; "End" stops it (`PUT /streaming/live/:id`).
 * The stream chat is beside it, the same view viewers have in `<fan-live-player>`.
 */
export function GoLivePage() {
  const theme = useSignalValue(session.theme.current);
  return (
    <section className="go-live" data-testid="go-live">
      <Suspense fallback={<PageStatus kind="loading" />}>
        <GoLive theme={theme} />
      </Suspense>
    </section>
  );
}

function GoLive({ theme }: { theme: string }) {
  useNamespaces('creatorLive', 'live-player');
  const { t, i18n } = useTranslation();
  const camera = useCamera();
  const me = useSignalValue(session.user.current);
  const model = useModel(() => new LivePlayerModel(session));
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [subscribersOnly, setSubscribersOnly] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [stats, setStats] = useState<IngestStats>({ socket: 'idle', bytesSent: 0, refusal: null });
  const ingest = useRef<Ingest | null>(null);
  const preview = useRef<HTMLVideoElement>(null);
  const media = camera.state.status === 'ready' ? camera.state.media : null;

  useEffect(() => {
    if (preview.current) preview.current.srcObject = media;
  }, [media]);
  // Leaving the page stops sending; the stream itself is ended with "End".
  useEffect(() => () => ingest.current?.stop(), []);
  // The chat and the viewer count are the creator's own stream's, as viewers see them.
  useEffect(() => {
    if (phase.step === 'live') void model.setCreator(phase.stream.performerId);
  }, [model, phase]);

  async function goLive(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!media || phase.step === 'starting') return;
    const mimeType = pickIngestMime();
    if (!mimeType) return setProblem(t('creatorLive.unsupported'));
    setProblem(null);
    setPhase({ step: 'starting' });
    const stream = await createOrResume();
    if (!stream) return setPhase({ step: 'idle' });
    ingest.current?.stop();
    ingest.current = startIngest({ media, streamId: stream._id, origin: session.transport.origin, getToken: readToken, mimeType, onStats: setStats });
    setPhase({ step: 'live', stream, since: Date.now() });
  }

  /** The new stream; when the server says this creator is live already, that stream (a reload mid-stream). */
  async function createOrResume(): Promise<StreamDto | null> {
    const created = await session.api.streaming.goLive({ title: title.trim(), description: description.trim(), subscribersOnly });
    if (created.ok) return created.value;
    if (errorCodeOf(created.error) === 'streaming.already_live' && me) {
      const join = await session.api.streaming.join({ id: me._id });
      if (join.ok && join.value.stream.state !== 'finished') return join.value.stream;
    }
    setProblem(created.error.message || t('errors.generic'));
    return null;
  }

  async function end() {
    if (phase.step !== 'live') return;
    setPhase({ ...phase, step: 'ending' });
    ingest.current?.stop();
    ingest.current = null;
    const ended = await session.api.streaming.end({ id: phase.stream._id }, {});
    if (!ended.ok) {
      setProblem(ended.error.message || t('errors.generic'));
      return setPhase({ ...phase, step: 'live' });
    }
    setPhase({ step: 'ended' });
    void model.refresh();
  }

  const onAir = phase.step === 'live' || phase.step === 'ending';
  return (
    <>
      <header className="go-live__header">
        <h1>{t('creatorLive.title')}</h1>
        <p className="muted">{t('creatorLive.intro')}</p>
      </header>
      <div className="go-live__layout">
        <div className="go-live__stage">
          <div className="go-live__preview">
            {onAir ? <span className="go-live__badge">{t('creatorLive.live')}</span> : null}
            <video ref={preview} autoPlay muted playsInline aria-label={t('creatorLive.preview')} />
            <CameraProblem state={camera.state.status} onRetry={camera.retry} />
          </div>
          <form className="form go-live__form" onSubmit={(event) => void goLive(event)}>
            <DeviceSelect label={t('creatorLive.camera')} value={camera.cameraId} devices={camera.cameras} disabled={onAir} onChange={camera.setCameraId} />
            <DeviceSelect label={t('creatorLive.microphone')} value={camera.micId} devices={camera.mics} disabled={onAir} onChange={camera.setMicId} />
            <div className="form__field">
              <label htmlFor="go-live-title">{t('creatorLive.streamTitle')}</label>
              <input id="go-live-title" name="title" maxLength={LIMITS.stream.titleMax} value={title} disabled={onAir} onChange={(event) => setTitle(event.target.value)} />
            </div>
            <div className="form__field">
              <label htmlFor="go-live-description">{t('creatorLive.streamDescription')}</label>
              <textarea id="go-live-description" name="description" rows={3} maxLength={LIMITS.stream.descriptionMax} value={description} disabled={onAir} onChange={(event) => setDescription(event.target.value)} />
            </div>
            <label className="form__check">
              <input type="checkbox" checked={subscribersOnly} disabled={onAir} onChange={(event) => setSubscribersOnly(event.target.checked)} /> {t('creatorLive.subscribersOnly')}
            </label>
            {problem ? (
              <p className="error" role="alert">
                {problem}
              </p>
            ) : null}
            {stats.socket === 'failed' && onAir ? (
              <p className="error" role="alert">
                {stats.refusal && i18n.exists(`errors.${stats.refusal}`) ? t(`errors.${stats.refusal}` as 'errors.generic') : t('creatorLive.ingestFailed')}
              </p>
            ) : null}
            {phase.step === 'ended' ? (
              <p className="muted" role="status">
                {t('creatorLive.ended')}
              </p>
            ) : null}
            {onAir ? (
              <button type="button" className="button" data-testid="go-live-end" disabled={phase.step === 'ending'} onClick={() => void end()}>
                {phase.step === 'ending' ? t('creatorLive.ending') : t('creatorLive.end')}
              </button>
            ) : (
              <button type="submit" className="button button--primary" data-testid="go-live-start" disabled={!media || phase.step === 'starting'}>
                {phase.step === 'starting' ? t('creatorLive.starting') : t('creatorLive.goLive')}
              </button>
            )}
          </form>
          {onAir ? <LiveStats since={phase.since} stats={stats} model={model} /> : null}
        </div>
        <aside className="go-live__chat fan-root" data-theme={theme}>
          {onAir ? <StreamChat model={model} /> : <p className="muted">{t('creatorLive.chatWaiting')}</p>}
        </aside>
      </div>
    </>
  );
}

function CameraProblem({ state, onRetry }: { state: string; onRetry: () => void }) {
  const { t } = useTranslation();
  if (state !== 'denied' && state !== 'missing' && state !== 'unsupported') return null;
  const text = state === 'denied' ? t('creatorLive.cameraDenied') : state === 'missing' ? t('creatorLive.cameraMissing') : t('creatorLive.unsupported');
  return (
    <div className="go-live__camera-problem" role="alert">
      <p>{text}</p>
      {state !== 'unsupported' ? (
        <button type="button" className="button" onClick={onRetry}>
          {t('creatorLive.cameraRetry')}
        </button>
      ) : null}
    </div>
  );
}

function DeviceSelect(props: { label: string; value: string; devices: { deviceId: string; label: string }[]; disabled: boolean; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const id = `go-live-${props.label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div className="form__field">
      <label htmlFor={id}>{props.label}</label>
      <select id={id} value={props.value} disabled={props.disabled} onChange={(event) => props.onChange(event.target.value)}>
        <option value="">{t('creatorLive.defaultDevice')}</option>
        {props.devices.map((device, index) => (
          <option key={device.deviceId} value={device.deviceId}>
            {device.label || t('creatorLive.deviceLabel', { number: index + 1 })}
          </option>
        ))}
      </select>
    </div>
  );
}
