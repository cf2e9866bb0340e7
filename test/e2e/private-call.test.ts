/**
 * A private call end to end over the platform's own SFU, in Chromium against the real
 * server (issue 12, "must show": both sides see each other's frames; nobody else can join).
 *
 * fan1 asks Ana for a call, Ana approves and starts it (through the API: the request pages
 * have their own test). Both open /calls/:id on the site and press join. Each browser's
 * camera is a canvas of its own colour (Ana red, fan1 blue) with a moving bar, handed out by
 * getUserMedia, so each side can tell the other's frames from its own: each page's remote
 * video must show the other's colour, with frames advancing, and no peer connection in
 * either browser holds a candidate pair to anything but the server. fan2 is refused on the
 * page and on the signaling socket. fan1 leaves: Ana's page says so; fan1 joins again and
 * the frames come back. Ana ends the call: fan1's page says it ended.
 *
 * Every wait is on something happening, with a deadline; there are no sleeps.
 */
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivateCallAnswer } from '@fandeck/contract';
import { apiGet, signInApi } from '../support/api.js';
import { chromiumArgs, chromiumPath } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { plantToken } from './host-flows.js';
import { WAIT_MS } from '../../testing/budgets.js';

const password = 'fandeck-demo';
const creator = { email: 'creator1@fandeck.local', username: 'ana.lima' };
const fan1 = { email: 'fan1@fandeck.local' };
const fan2 = { email: 'fan2@fandeck.local' };
const RED = [220, 30, 30] as const;
const BLUE = [30, 60, 220] as const;

async function api<T>(origin: string, method: string, path: string, token: string, body: unknown = {}): Promise<{ status: number; data: T }> {
  const response = await fetch(`${origin}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const json = (await response.json()) as { data: T };
  return { status: response.status, data: json.data };
}

/** getUserMedia answers a canvas of one colour with a bar moving across it, plus the fake microphone. */
function cameraOfColour(rgb: readonly [number, number, number]): string {
  return `(() => {
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const canvas = document.createElement('canvas');
      canvas.width = 320; canvas.height = 240;
      const g = canvas.getContext('2d');
      let x = 0;
      const draw = () => {
        g.fillStyle = 'rgb(${rgb.join(',')})'; g.fillRect(0, 0, 320, 240);
        g.fillStyle = '#fff'; g.fillRect(x, 200, 20, 40); x = (x + 4) % 300;
      };
      draw();
      setInterval(draw, 33);
      const stream = canvas.captureStream(30);
      if (constraints && constraints.audio) {
        const mic = await original({ audio: true });
        for (const track of mic.getAudioTracks()) stream.addTrack(track);
      }
      return stream;
    };
  })();`;
}

/** The remote video: decoded frames, its size, and the colour at its centre (away from the bar). */
const remoteOf = (page: Page) => page.locator('video[part="remote"]');
const look = (video: Locator) =>
  video.evaluate((element: HTMLVideoElement) => {
    const frames = element.getVideoPlaybackQuality().totalVideoFrames;
    if (!element.videoWidth) return { frames, width: 0, colour: [0, 0, 0] };
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    const g = canvas.getContext('2d')!;
    g.drawImage(element, 0, 0);
    const { data } = g.getImageData(Math.floor(canvas.width / 2), Math.floor(canvas.height / 3), 1, 1);
    return { frames, width: element.videoWidth, colour: [data[0]!, data[1]!, data[2]!] };
  });
const near = (colour: number[], expected: readonly number[]) => colour.every((value, i) => Math.abs(value - expected[i]!) < 50);

/** Waits until the page's remote video shows the expected colour and its frames keep coming. */
async function seesFramesOf(page: Page, colour: readonly number[], who: string): Promise<void> {
  const video = remoteOf(page);
  let last: Awaited<ReturnType<typeof look>> | null = null;
  const seen = async () => {
    last = await look(video);
    return near(last.colour, colour);
  };
  await expect
    .poll(seen, { timeout: 30_000, message: `${who} sees the other side's colour` })
    .toBe(true)
    .catch(async (error: Error) => {
      const debug = await page.evaluate(async () => {
        const out: unknown[] = [];
        for (const pc of (window as unknown as { __peers: RTCPeerConnection[] }).__peers) {
          const stats = await pc.getStats();
          const rows: unknown[] = [];
          stats.forEach((r: Record<string, unknown>) => {
            if (r.type === 'inbound-rtp' || r.type === 'outbound-rtp') rows.push({ type: r.type, kind: r.kind, packets: r.packetsReceived ?? r.packetsSent, frames: r.framesDecoded ?? r.framesSent, pli: r.pliCount, fir: r.firCount, ql: r.qualityLimitationReason, target: r.targetBitrate });
          });
          out.push({ state: pc.connectionState, rows });
        }
        return out;
      });
      throw new Error(`${error.message}; last seen ${JSON.stringify(last)}; ${JSON.stringify(debug)}`);
    });
  const first = (await look(video)).frames;
  await expect.poll(async () => (await look(video)).frames, { message: `${who}'s remote frames advance` }).toBeGreaterThan(first + 15);
}

/** The candidate pairs this page's connected peer connections use: both ends' `ip:port`. */
const candidatePairs = (page: Page) =>
  page.evaluate(async () => {
    const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers ?? [];
    const found: { local: string; remote: string }[] = [];
    for (const pc of peers) {
      if (pc.connectionState !== 'connected') continue;
      const stats = await pc.getStats();
      const at = (id: string | undefined) => {
        const candidate = (stats as unknown as Map<string, unknown>).get(id ?? '') as { address?: string; port?: number } | undefined;
        return `${candidate?.address}:${candidate?.port}`;
      };
      stats.forEach((report: { type: string; state?: string; localCandidateId?: string; remoteCandidateId?: string }) => {
        if (report.type === 'candidate-pair' && report.state === 'succeeded') found.push({ local: at(report.localCandidateId), remote: at(report.remoteCandidateId) });
      });
    }
    return found;
  });
/** Keeps every RTCPeerConnection the page makes, for the stats above. */
const keepPeers = `(() => {
  const Original = window.RTCPeerConnection;
  window.__peers = [];
  window.RTCPeerConnection = function (...args) { const pc = new Original(...args); window.__peers.push(pc); return pc; };
  window.RTCPeerConnection.prototype = Original.prototype;
  Object.assign(window.RTCPeerConnection, Original);
})();`;

describe('a private call over the platform SFU: both sides see each other, nobody else gets in', () => {
  let server: RunningServer;
  let browser: Browser;
  let creatorToken: string;
  let fan1Token: string;
  let fan2Token: string;
  let requestId: string;
  let streamId: string;
  let creatorPage: Page;
  let fanPage: Page;
  const contexts: BrowserContext[] = [];

  const openCall = async (token: string, colour: readonly [number, number, number]): Promise<Page> => {
    const context = await browser.newContext({ baseURL: server.origin, locale: 'pt-BR' });
    context.setDefaultTimeout(WAIT_MS);
    contexts.push(context);
    await context.grantPermissions(['camera', 'microphone'], { origin: server.origin });
    await context.addInitScript(cameraOfColour(colour));
    await context.addInitScript(keepPeers);
    await plantToken(context, server.origin, token);
    const page = await context.newPage();
    if (token === fan1Token) {
      // fan1 comes in from the notification that Ana started the call (its text and its link).
      await page.goto('/notifications');
      await page.getByRole('link', { name: /Ana Lima começou a chamada privada/ }).first().click();
      await page.waitForURL(`**/calls/${requestId}`);
    } else {
      await page.goto(`/calls/${requestId}`);
    }
    return page;
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer(),
      chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'], headless: true }),
    ]);
    [creatorToken, fan1Token, fan2Token] = await Promise.all([signInApi(server.origin, creator.email, password), signInApi(server.origin, fan1.email, password), signInApi(server.origin, fan2.email, password)]);
    const ana = (await apiGet<{ _id: string }>(server.origin, `/performers/${creator.username}`, fan1Token)).body!.data!;
    const asked = await api<{ _id: string; price: number }>(server.origin, 'POST', '/streaming/private/request', fan1Token, { performerId: ana._id, duration: 15, note: 'Oi Ana!' });
    expect(asked.status).toBe(200);
    requestId = asked.data._id;
    expect((await api(server.origin, 'POST', `/streaming/private/${requestId}/approve`, creatorToken)).status).toBe(200);
    if (asked.data.price > 0) {
      const paid = await fetch(`${server.origin}/api/wallet/charges/stream/${requestId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: fan1Token, 'idempotency-key': `call-${requestId}` },
        body: '{}',
      });
      expect(paid.status).toBe(200);
    }
    const started = await api<{ streamId: string }>(server.origin, 'POST', `/streaming/private/${requestId}/start`, creatorToken);
    expect(started.status).toBe(200);
    streamId = started.data.streamId;
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  it('Ana and fan1 join from /calls/:id and each sees the other’s frames, through the server only', async () => {
    [creatorPage, fanPage] = await Promise.all([openCall(creatorToken, RED), openCall(fan1Token, BLUE)]);
    for (const page of [creatorPage, fanPage]) {
      await page.locator('.fan-call[data-state="lobby"]').waitFor();
      // The local preview shows this side's own camera before joining.
      await expect.poll(() => page.locator('video[part="local"]').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
    }
    await expect.poll(() => creatorPage.locator('.fan-call__title').textContent()).toMatch(/Chamada privada com \S/);
    await Promise.all([creatorPage.locator('[part="join"]').click(), fanPage.locator('[part="join"]').click()]);
    await Promise.all([creatorPage.locator('.fan-call[data-state="in-call"]').waitFor({ timeout: 30_000 }), fanPage.locator('.fan-call[data-state="in-call"]').waitFor({ timeout: 30_000 })]);

    await Promise.all([seesFramesOf(creatorPage, BLUE, 'Ana'), seesFramesOf(fanPage, RED, 'fan1')]);

    // Each browser's media goes to the server: no pair of one browser reaches an address of the other's.
    const [anaPairs, fanPairs] = await Promise.all([candidatePairs(creatorPage), candidatePairs(fanPage)]);
    expect(anaPairs.length).toBeGreaterThan(0);
    expect(fanPairs.length).toBeGreaterThan(0);
    const anaOwn = new Set(anaPairs.map((p) => p.local));
    const fanOwn = new Set(fanPairs.map((p) => p.local));
    expect(anaPairs.filter((p) => fanOwn.has(p.remote))).toEqual([]);
    expect(fanPairs.filter((p) => anaOwn.has(p.remote))).toEqual([]);
  });

  it('fan2 is refused: the page says the call does not exist, and the signaling socket refuses an offer', async () => {
    const context = await browser.newContext({ baseURL: server.origin, locale: 'pt-BR' });
    contexts.push(context);
    await plantToken(context, server.origin, fan2Token);
    const page = await context.newPage();
    await page.goto(`/calls/${requestId}`);
    await page.getByTestId('call-page').locator('[role="alert"]').waitFor();
    expect(await page.locator('video[part="remote"]').count()).toBe(0);

    const socket = io(server.origin, { path: '/socket.io', transports: ['websocket'], auth: { token: fan2Token }, reconnection: false, forceNew: true });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const offer = await fanPage.evaluate(async () => {
        const pc = new RTCPeerConnection();
        pc.addTransceiver('video');
        await pc.setLocalDescription(await pc.createOffer());
        const sdp = pc.localDescription!.sdp;
        pc.close();
        return sdp;
      });
      const answer = (await socket.timeout(10_000).emitWithAck('private-call/offer', { streamId, sdp: offer })) as PrivateCallAnswer;
      expect(answer).toEqual({ ok: false, code: 'streaming.request_not_found' });
    } finally {
      socket.disconnect();
    }
    // The two in the call are still connected, still seeing each other.
    expect(await creatorPage.locator('.fan-call').getAttribute('data-state')).toBe('in-call');
  });

  it('fan1 leaves: Ana sees the video stop; fan1 joins again and the frames come back', async () => {
    await fanPage.locator('[part="leave"]').click();
    await fanPage.locator('.fan-call[data-state="left"]').waitFor();
    await creatorPage.locator('.fan-call__remote[data-flowing="false"]').waitFor({ timeout: 30_000 });
    await fanPage.locator('[part="join"]').click();
    await fanPage.locator('.fan-call[data-state="in-call"]').waitFor({ timeout: 30_000 });
    await Promise.all([seesFramesOf(creatorPage, BLUE, 'Ana again'), seesFramesOf(fanPage, RED, 'fan1 again')]);
  });

  it('Ana ends the call: both pages say it ended and the call cannot be joined again', async () => {
    await creatorPage.locator('[part="end"]').click();
    await creatorPage.locator('.fan-call[data-state="ended"]').waitFor();
    await fanPage.locator('.fan-call[data-state="ended"]').waitFor();
    expect(await fanPage.locator('[part="join"]').count()).toBe(0);
    const joined = await api<{ stream: { state: string } }>(server.origin, 'POST', `/streaming/private/${requestId}/join`, fan1Token);
    expect(joined.data.stream.state).toBe('finished');
  });
});
