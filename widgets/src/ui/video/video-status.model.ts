/**
 * A video while the server transcodes it: its status and progress, asked every
 * VIDEO_STATUS_POLL_MS at its status path (a post's, a video's) until it is `finished` or
 * `error`. A failed check is retried at the next tick; polling stops when the view goes
 * (the model is disposed).
 */
import { createModel, effect, signal } from '@preact/signals-core';
import type { Session } from '../../session/session.js';

export type { VideoStatus } from '@fandeck/contract';
import type { VideoStatus } from '@fandeck/contract';

/** How often a client asks after a video in processing (api-contract: file transcoding). */
export const VIDEO_STATUS_POLL_MS = 5000;

export interface VideoProgress {
  status: VideoStatus;
  progress: number;
}

const isProgress = (value: unknown): value is VideoProgress => {
  const v = value as Partial<VideoProgress> | null;
  return (v?.status === 'processing' || v?.status === 'finished' || v?.status === 'error') && typeof v.progress === 'number';
};

export const VideoStatusModel = createModel((session: Session, statusPath: string, initial: VideoProgress, intervalMs: number = VIDEO_STATUS_POLL_MS) => {
  const state = signal<VideoProgress>(initial);

  effect(() => {
    if (state.value.status !== 'processing') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void session.http.get<unknown>(statusPath, undefined, { signal: controller.signal }).then((outcome) => {
        if (controller.signal.aborted) return;
        // Same value again still re-arms the timer: a fresh object.
        state.value = outcome.ok && isProgress(outcome.value) ? { ...outcome.value } : { ...state.peek() };
      });
    }, intervalMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  });

  return { state };
});
export type VideoStatusModel = InstanceType<typeof VideoStatusModel>;
