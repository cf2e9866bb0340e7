/**
 * A video while the server transcodes it: its status and progress, asked every
 * VIDEO_STATUS_POLL_MS at its status route (a post's, a video's: `VideoStatusCall`) until it is `finished` or
 * `error`. A failed check is retried at the next tick; polling stops when the view goes
 * (the model is disposed).
 */
import { createModel, effect, signal } from '@preact/signals-core';
import type { FileStatusDto } from '@fandeck/contract';
import type { Outcome } from '../../session/outcome.js';

export type { VideoStatus } from '@fandeck/contract';
import type { VideoStatus } from '@fandeck/contract';

/** How often a client asks after a video in processing (api-contract: file transcoding). */
export const VIDEO_STATUS_POLL_MS = 5000;

export interface VideoProgress {
  status: VideoStatus;
  progress: number;
}

/** Asks the server after one file's transcode (a post's or a video's `fileStatus` route). */
export type VideoStatusCall = (options: { signal: AbortSignal }) => Promise<Outcome<FileStatusDto>>;

const isProgress = (value: unknown): value is VideoProgress => {
  const v = value as Partial<VideoProgress> | null;
  return (v?.status === 'processing' || v?.status === 'finished' || v?.status === 'error') && typeof v.progress === 'number';
};

export const VideoStatusModel = createModel((statusOf: VideoStatusCall, initial: VideoProgress, intervalMs: number = VIDEO_STATUS_POLL_MS) => {
  const state = signal<VideoProgress>(initial);

  effect(() => {
    if (state.value.status !== 'processing') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void statusOf({ signal: controller.signal }).then((outcome) => {
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
