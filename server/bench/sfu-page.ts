/// <reference lib="dom" />
/**
 * The page side of the SFU bench's glass-to-glass part (`sfu-browser.ts` bundles it with
 * esbuild and serves it to each Chromium page). One call party: draws a 640x360 canvas at
 * 30 fps whose top carries the barcode of its drawing time (`barcode.ts`, as the live bench's
 * frames do), sends it over RTCPeerConnection (VP8 only) to the server through the real
 * signaling (`private-call/offer` on a socket.io connection signed in with the token the
 * bench hands over, never in a URL), and reads the barcode off each frame of the other
 * party's video as it is presented (`requestVideoFrameCallback`).
 */
import { io } from 'socket.io-client';
import { barcodeBlocks, BARCODE_ROWS, BLOCK_H, BLOCK_W, HEIGHT, readFrame, WIDTH } from './barcode.js';

const FPS = 30;

export interface PageStats {
  /** Presented (rVFC callback, Date.now()) minus drawn, ms, one per readable frame. */
  glass: number[];
  /** Its last packet received (rVFC `receiveTime`) minus drawn, ms. */
  arrival: number[];
  unreadable: number;
  inbound: Record<string, number | string | undefined>;
  outbound: Record<string, number | string | undefined>;
}

export interface PageBench {
  start(options: { token: string; streamId: string }): Promise<void>;
  directOffer(): Promise<string>;
  directAnswer(offer: string): Promise<string>;
  directAccept(answer: string): Promise<void>;
  /** Frames read since the page started (measured or not). */
  readable(): number;
  measure(): void;
  stats(): Promise<PageStats>;
}

declare global {
  interface Window {
    sfuBench: PageBench;
  }
}

let pc: RTCPeerConnection | null = null;
let measuring = false;
let readableFrames = 0;
const result: Pick<PageStats, 'glass' | 'arrival' | 'unreadable'> = { glass: [], arrival: [], unreadable: 0 };

/** The sent picture: the barcode over a camera-like grey mosaic that changes every frame. */
function drawLoop(canvas: HTMLCanvasElement): void {
  const g = canvas.getContext('2d')!;
  const tile = 8;
  const mosaics = Array.from({ length: 16 }, () => {
    const image = g.createImageData(WIDTH, HEIGHT - BARCODE_ROWS);
    for (let ty = 0; ty < image.height; ty += tile) {
      for (let tx = 0; tx < WIDTH; tx += tile) {
        const grey = Math.floor(Math.random() * 256);
        for (let y = ty; y < ty + tile; y += 1) {
          for (let x = tx; x < tx + tile; x += 1) image.data.set([grey, grey, grey, 255], (y * WIDTH + x) * 4);
        }
      }
    }
    return image;
  });
  let frame = 0;
  setInterval(() => {
    g.putImageData(mosaics[frame++ % mosaics.length]!, 0, BARCODE_ROWS);
    for (const block of barcodeBlocks(Date.now())) {
      g.fillStyle = block.on ? '#fff' : '#000';
      g.fillRect(block.x, block.y, BLOCK_W, BLOCK_H);
    }
  }, 1000 / FPS);
}

/** Reads the barcode of every frame of the received video as it is presented. */
function watch(track: MediaStreamTrack): void {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = new MediaStream([track]);
  document.body.append(video);
  void video.play();
  const read = document.createElement('canvas');
  read.width = WIDTH;
  read.height = BARCODE_ROWS;
  const g = read.getContext('2d', { willReadFrequently: true })!;
  const gray = new Uint8Array(WIDTH * BARCODE_ROWS);
  const onFrame = (_now: number, meta: VideoFrameCallbackMetadata) => {
    const shownAt = Date.now();
    // The barcode's share of the frame, whatever size the encoder sent it at.
    g.drawImage(video, 0, 0, video.videoWidth, (video.videoHeight * BARCODE_ROWS) / HEIGHT, 0, 0, WIDTH, BARCODE_ROWS);
    const rgba = g.getImageData(0, 0, WIDTH, BARCODE_ROWS).data;
    for (let i = 0; i < gray.length; i += 1) gray[i] = (rgba[i * 4]! * 77 + rgba[i * 4 + 1]! * 150 + rgba[i * 4 + 2]! * 29) >> 8;
    const drawnAt = readFrame(gray, 0, shownAt);
    if (drawnAt !== null) readableFrames += 1;
    if (measuring) {
      if (drawnAt === null) result.unreadable += 1;
      else {
        result.glass.push(shownAt - drawnAt);
        if (meta.receiveTime !== undefined) result.arrival.push(performance.timeOrigin + meta.receiveTime - drawnAt);
      }
    }
    video.requestVideoFrameCallback(onFrame);
  };
  video.requestVideoFrameCallback(onFrame);
}

/**
 * The page's connection, sending its canvas (VP8 only, at most 1 Mbit/s) and reading what it
 * receives. The answering side of the direct reference adds its track with addTrack, the one
 * kind of sender an incoming offer's m-line takes up.
 */
function connect(answering = false): RTCPeerConnection {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  document.body.append(canvas);
  drawLoop(canvas);
  const stream = canvas.captureStream(FPS);
  const connection = new RTCPeerConnection({ iceServers: [] });
  pc = connection;
  const track = stream.getVideoTracks()[0]!;
  if (answering) connection.addTrack(track, stream);
  else {
    const transceiver = connection.addTransceiver(track, { direction: 'sendrecv', streams: [stream], sendEncodings: [{ maxBitrate: 1_000_000 }] });
    const vp8 = RTCRtpSender.getCapabilities('video')?.codecs.filter((codec) => /vp8/i.test(codec.mimeType)) ?? [];
    if (vp8.length > 0) transceiver.setCodecPreferences(vp8);
  }
  connection.ontrack = (event) => {
    if (event.track.kind === 'video') watch(event.track);
  };
  return connection;
}

/** Sets the local description and answers it whole once gathering is done (non-trickle; host candidates only). */
async function described(connection: RTCPeerConnection, description: RTCSessionDescriptionInit): Promise<string> {
  await connection.setLocalDescription(description);
  await new Promise<void>((resolve) => {
    if (connection.iceGatheringState === 'complete') return resolve();
    const timer = setTimeout(resolve, 3000);
    connection.addEventListener('icegatheringstatechange', () => {
      if (connection.iceGatheringState !== 'complete') return;
      clearTimeout(timer);
      resolve();
    });
  });
  return connection.localDescription!.sdp;
}

/** Through the SFU: the offer over the real signaling, signed in with the user's token. */
async function start({ token, streamId }: { token: string; streamId: string }): Promise<void> {
  const connection = connect();
  const sdp = await described(connection, await connection.createOffer());
  const socket = io(location.origin, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const answer = (await socket.timeout(15_000).emitWithAck('private-call/offer', { streamId, sdp })) as { ok: true; sdp: string } | { ok: false; code: string };
  if (!answer.ok) throw new Error(`the server refused the offer: ${answer.code}`);
  await connection.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
}

/**
 * The reference without the SFU: the two pages connected to each other (the bench carries
 * the descriptions). Media permission (granted by --use-fake-ui-for-media-stream) makes
 * Chromium offer its real host addresses rather than mDNS names nobody here resolves.
 */
async function unlockHostCandidates(): Promise<void> {
  await navigator.mediaDevices
    .getUserMedia({ audio: true })
    .then((media) => media.getTracks().forEach((track) => track.stop()))
    .catch(() => undefined);
}

async function directOffer(): Promise<string> {
  await unlockHostCandidates();
  const connection = connect();
  return described(connection, await connection.createOffer());
}

async function directAnswer(offer: string): Promise<string> {
  await unlockHostCandidates();
  const connection = connect(true);
  await connection.setRemoteDescription({ type: 'offer', sdp: offer });
  const answer = await described(connection, await connection.createAnswer());
  const sender = connection.getSenders()[0]!;
  const parameters = sender.getParameters();
  for (const encoding of parameters.encodings) encoding.maxBitrate = 1_000_000;
  await sender.setParameters(parameters);
  return answer;
}

async function directAccept(answer: string): Promise<void> {
  await pc!.setRemoteDescription({ type: 'answer', sdp: answer });
}

const pick = (report: Record<string, unknown> | undefined, keys: string[]) =>
  Object.fromEntries(keys.map((key) => [key, report?.[key] as number | string | undefined]));

async function stats(): Promise<PageStats> {
  const reports: Record<string, unknown>[] = [];
  (await pc?.getStats())?.forEach((report: Record<string, unknown>) => reports.push(report));
  const inbound = reports.find((report) => report.type === 'inbound-rtp' && report.kind === 'video');
  const outbound = reports.find((report) => report.type === 'outbound-rtp' && report.kind === 'video');
  const transport = reports.find((report) => report.type === 'transport');
  const pair = reports.find((report) => report.type === 'candidate-pair' && report.id === transport?.selectedCandidatePairId);
  return {
    ...result,
    inbound: pick(inbound, ['frameWidth', 'frameHeight', 'framesPerSecond', 'framesDecoded', 'framesDropped', 'packetsReceived', 'packetsLost', 'bytesReceived']),
    outbound: {
      ...pick(outbound, ['frameWidth', 'frameHeight', 'framesPerSecond', 'framesEncoded', 'bytesSent', 'targetBitrate', 'qualityLimitationReason']),
      ...pick(pair, ['availableOutgoingBitrate']),
    },
  };
}

window.sfuBench = {
  start,
  directOffer,
  directAnswer,
  directAccept,
  readable: () => readableFrames,
  measure() {
    result.glass = [];
    result.arrival = [];
    result.unreadable = 0;
    measuring = true;
  },
  stats,
};
