/**
 * One private call as one side of it sees it: the call's request and stream
 * (`streaming.privateJoin`, its fan or its creator only), this side's camera and
 * microphone, and the connection to the platform's SFU (call-connection.ts), which is the
 * only peer this browser ever talks to. Joining is a click (so the other side's sound may
 * play); a dropped connection is made again on a back-off (the server replaces the old
 * one), after the call is read again, so a call that ended shows as ended. The SFU's
 * `private-call/closed` says why this side was dropped: the call ended, another tab of
 * the same person took the call, or the connection timed out (which reconnects).
 */
import type { ErrorCode, PrivateCallJoinDto } from '@fandeck/contract';
import { createModel, effect, signal, untracked, type ReadonlySignal } from '@preact/signals-core';
import { errorCode } from '../session/money-action.js';
import type { ActionError } from '../session/outcome.js';
import type { Session } from '../session/session.js';
import { CALL_EVENTS, OfferRefused, connectCall, type CallConnection, type CallConnectionOptions, type ConnectionPhase } from './call-connection.js';
import { endCall, fetchCall } from './private-call-api.js';

export type CallStep =
  | { step: 'loading' }
  /** The call cannot be joined: not this user's, not started, or the platform refused. */
  | { step: 'unavailable'; error: ActionError }
  /** Ready to join: the camera's preview shows; `join()` connects. */
  | { step: 'lobby'; call: PrivateCallJoinDto }
  | { step: 'connecting'; call: PrivateCallJoinDto }
  | { step: 'in-call'; call: PrivateCallJoinDto }
  /** The connection dropped; trying again (`attempt` from 1). */
  | { step: 'reconnecting'; call: PrivateCallJoinDto; attempt: number }
  | { step: 'ended'; call: PrivateCallJoinDto }
  /** This side hung up; `join()` comes back. */
  | { step: 'left'; call: PrivateCallJoinDto }
  /** The same person joined from another tab or device, which took the call over. */
  | { step: 'elsewhere'; call: PrivateCallJoinDto }
  | { step: 'failed'; call: PrivateCallJoinDto; code: ErrorCode | 'network' };

export type CameraState = 'idle' | 'asking' | 'ready' | 'denied' | 'unavailable';

export interface PrivateCallDeps {
  getUserMedia?: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
  createPeer?: CallConnectionOptions['createPeer'];
  /** Delay before reconnect attempt `n` (from 1); default 1 s doubling to 8 s. */
  backoff?: (attempt: number) => number;
}

/** After this many failed attempts in a row the call shows as failed, with a button to try again. */
export const MAX_RECONNECTS = 5;
const defaultBackoff = (attempt: number) => Math.min(1000 * 2 ** (attempt - 1), 8000);
const newConnectionId = () => (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `call-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`);

export const PrivateCallModel = createModel((session: Session, requestId: string, deps: PrivateCallDeps = {}) => {
  const step = signal<CallStep>({ step: 'loading' });
  const camera = signal<CameraState>('idle');
  const local = signal<MediaStream | null>(null);
  const remote = signal<MediaStream | null>(null);
  const micOn = signal(true);
  const cameraOn = signal(true);
  const ending = signal(false);
  let connection: CallConnection | null = null;
  /** The id of the connection being made or held; the SFU's `closed` for any other is about an older one. */
  let connectionId = '';
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;
  const backoff = deps.backoff ?? defaultBackoff;
  const getUserMedia = deps.getUserMedia ?? ((constraints) => navigator.mediaDevices.getUserMedia(constraints));

  const callOf = (): PrivateCallJoinDto | null => {
    const current = step.peek();
    return 'call' in current ? current.call : null;
  };

  async function load(): Promise<PrivateCallJoinDto | null> {
    const outcome = await fetchCall(session, requestId);
    if (disposed) return null;
    if (!outcome.ok) {
      const code = errorCode(outcome.error);
      const call = callOf();
      // A call that was on and is now refused as not startable has ended.
      if (call && code === 'streaming.request_invalid_state') step.value = { step: 'ended', call };
      else if (!call) step.value = { step: 'unavailable', error: outcome.error };
      return null;
    }
    if (outcome.value.stream.state === 'finished') {
      stop({ tellServer: false });
      step.value = { step: 'ended', call: outcome.value };
      return null;
    }
    return outcome.value;
  }

  async function openCamera(): Promise<void> {
    if (local.peek() || camera.peek() === 'asking') return;
    camera.value = 'asking';
    try {
      const media = await getUserMedia({ video: { width: { ideal: 640 }, height: { ideal: 480 } }, audio: true });
      if (disposed) return void media.getTracks().forEach((track) => track.stop());
      local.value = media;
      applyToggles(media);
      camera.value = 'ready';
    } catch (error) {
      // Denied, or no device: the call still goes on, watching and listening only.
      camera.value = error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError') ? 'denied' : 'unavailable';
    }
  }

  function applyToggles(media: MediaStream | null): void {
    media?.getAudioTracks().forEach((track) => (track.enabled = micOn.peek()));
    media?.getVideoTracks().forEach((track) => (track.enabled = cameraOn.peek()));
  }

  function stop(options: { tellServer: boolean }): void {
    clearTimeout(retryTimer);
    connection?.close(options);
    connection = null;
    remote.value = null;
  }

  function onPhase(phase: ConnectionPhase): void {
    const call = callOf();
    if (!call) return;
    if (phase === 'connected') {
      attempt = 0;
      step.value = { step: 'in-call', call };
    } else if (phase === 'failed' || phase === 'interrupted') {
      scheduleReconnect();
    }
  }

  async function connect(): Promise<void> {
    const call = callOf();
    const channel = session.live.channel.peek();
    if (!call) return;
    stop({ tellServer: false });
    if (!channel) return void (step.value = { step: 'failed', call, code: 'network' });
    if (attempt === 0) step.value = { step: 'connecting', call };
    const id = (connectionId = newConnectionId());
    // A later connect() (the camera retried, the live connection back) supersedes this one.
    const latest = () => id === connectionId;
    try {
      const made = await connectCall({
        channel,
        streamId: call.stream._id,
        connectionId: id,
        local: local.peek(),
        createPeer: deps.createPeer,
        onPhase: (phase) => void (latest() && onPhase(phase)),
        onRemote: (stream) => void (latest() && (remote.value = stream)),
      });
      // The server already replaced it with the newer one: no leave, which would drop that one too.
      if (!latest()) return made.close({ tellServer: false });
      const now = step.peek();
      if (disposed || !(now.step === 'connecting' || now.step === 'reconnecting' || now.step === 'in-call')) return made.close();
      connection = made;
    } catch (error) {
      if (disposed || !latest()) return;
      const code = error instanceof OfferRefused ? error.code : 'network';
      const current = callOf() ?? call;
      if (code === 'network') return scheduleReconnect();
      // Refused: the call ended or is not this user's any more; read it again to say which.
      if (code === 'streaming.request_invalid_state' || code === 'streaming.request_not_found') {
        await load();
        // Ended says so; a read refused as well still fails with the offer's code.
        if (disposed || !latest() || step.peek().step === 'ended') return;
      }
      step.value = { step: 'failed', call: current, code };
    }
  }

  function scheduleReconnect(): void {
    const call = callOf();
    const now = step.peek();
    if (disposed || !call || now.step === 'ended' || now.step === 'left' || now.step === 'elsewhere' || now.step === 'lobby') return;
    clearTimeout(retryTimer);
    connection?.close({ tellServer: false });
    connection = null;
    attempt += 1;
    if (attempt > MAX_RECONNECTS) {
      attempt = 0;
      step.value = { step: 'failed', call, code: 'network' };
      return;
    }
    step.value = { step: 'reconnecting', call, attempt };
    retryTimer = setTimeout(() => {
      void load().then((fresh) => {
        if (step.peek().step !== 'reconnecting') return;
        // The read failed (an ended call is no longer reconnecting): a failed attempt too.
        if (!fresh) return scheduleReconnect();
        step.value = { step: 'reconnecting', call: fresh, attempt };
        return connect();
      });
    }, backoff(attempt));
  }

  // The SFU says why it dropped this side.
  effect(() => {
    const channel = session.live.channel.value;
    if (!channel) return;
    return untracked(() =>
      channel.on(CALL_EVENTS.closed, (payload) => {
        const call = callOf();
        const event = (payload ?? {}) as { streamId?: unknown; reason?: unknown; connectionId?: unknown };
        const reason = event.reason;
        if (!call || event.streamId !== call.stream._id) return;
        // Another connection's end: this tab's older one it replaced itself, or another tab's.
        if (typeof event.connectionId === 'string' && event.connectionId !== connectionId) return;
        const now = step.peek().step;
        if (now !== 'connecting' && now !== 'in-call' && now !== 'reconnecting') return;
        if (reason === 'ended') {
          stop({ tellServer: false });
          step.value = { step: 'ended', call };
        } else if (reason === 'replaced') {
          stop({ tellServer: false });
          step.value = { step: 'elsewhere', call };
        } else if (reason === 'timeout' || reason === 'failed') {
          scheduleReconnect();
        }
      }),
    );
  });
  // The live connection came back while the call was interrupted: try at once.
  effect(() => {
    const connected = session.live.status.value === 'connected';
    if (!connected) return;
    untracked(() => {
      if (step.peek().step !== 'reconnecting') return;
      clearTimeout(retryTimer);
      void load().then((fresh) => {
        if (step.peek().step !== 'reconnecting') return;
        return fresh ? connect() : scheduleReconnect();
      });
    });
  });
  // Leaving the page hangs up and frees the camera.
  effect(() => () => {
    disposed = true;
    stop({ tellServer: true });
    local.peek()?.getTracks().forEach((track) => track.stop());
  });

  return {
    step: step as ReadonlySignal<CallStep>,
    camera: camera as ReadonlySignal<CameraState>,
    local: local as ReadonlySignal<MediaStream | null>,
    remote: remote as ReadonlySignal<MediaStream | null>,
    micOn: micOn as ReadonlySignal<boolean>,
    cameraOn: cameraOn as ReadonlySignal<boolean>,
    ending: ending as ReadonlySignal<boolean>,

    /** Reads the call and opens the camera for the preview. */
    async open(): Promise<void> {
      step.value = { step: 'loading' };
      const call = await load();
      if (!call) return;
      step.value = { step: 'lobby', call };
      await openCamera();
    },
    /** Joins (or rejoins after hanging up, being taken over elsewhere or failing). */
    async join(): Promise<void> {
      const current = step.peek();
      if (!('call' in current) || current.step === 'ended' || current.step === 'connecting' || current.step === 'in-call') return;
      attempt = 0;
      const fresh = await load();
      if (!fresh) return;
      step.value = { step: 'connecting', call: fresh };
      await connect();
    },
    hangUp(): void {
      const call = callOf();
      if (!call) return;
      stop({ tellServer: true });
      step.value = { step: 'left', call };
    },
    /** The creator ends the call for both (`streaming.end`); the other side hears it from the SFU. */
    async end(): Promise<ActionError | null> {
      const call = callOf();
      if (!call || ending.peek()) return null;
      ending.value = true;
      const outcome = await endCall(session, call.stream._id);
      ending.value = false;
      if (!outcome.ok) return outcome.error;
      stop({ tellServer: true });
      step.value = { step: 'ended', call };
      return null;
    },
    toggleMic(): void {
      micOn.value = !micOn.peek();
      applyToggles(local.peek());
    },
    toggleCamera(): void {
      cameraOn.value = !cameraOn.peek();
      applyToggles(local.peek());
    },
    /** Asks for the camera again; in a call, the connection is made again to send it. */
    async retryCamera(): Promise<void> {
      await openCamera();
      const now = step.peek().step;
      if (local.peek() && (now === 'in-call' || now === 'connecting')) {
        attempt = 0;
        await connect();
      }
    },
  };
});

export type PrivateCall = InstanceType<typeof PrivateCallModel>;
