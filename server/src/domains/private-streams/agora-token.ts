/**
 * `POST /streaming/agora/token {channelName}` (api-contract sections 1 and 6.3): an Agora RTC
 * token for one stream's channel (`stream-<streamId>`), minted only for its owner (publisher
 * rights) or an entitled viewer (subscriber rights, never more). Entitled: for a public
 * stream anyone signed in (a fan the creator blocked excepted), or for a subscribers-only one
 * an active subscriber or staff; for a private call only its fan. Needs AGORA_APP_ID and
 * AGORA_APP_CERTIFICATE; without them the route answers 503 `streaming.not_configured`.
 */
import agora from 'agora-token';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { assertNotBlocked } from '../../content/blocks.js';
import { subscribedCreatorIds } from '../../content/entitlement.js';
import { isId } from '../../db/schema/ids.js';
import { streams } from '../streaming/streaming.tables.js';
import { privateStreamRequests } from './private-streams.tables.js';
import { forbidden, HttpError, notFound, unprocessable } from '../../http/errors.js';
import type { AuthUser } from '../../http/guard.js';

const { RtcRole, RtcTokenBuilder } = agora;

/** How long a token (and its privileges) lasts. A client asks again before it runs out. */
export const AGORA_TOKEN_TTL_SECONDS = 3600;

export interface AgoraSettings {
  appId: string;
  certificate: string;
}

export type AgoraRole = 'publisher' | 'subscriber';

/** The Agora app, when both its id and its certificate are configured. */
export function agoraSettings(ctx: AppContext): AgoraSettings | null {
  const { appId, certificate } = ctx.config.agora;
  return appId && certificate ? { appId, certificate } : null;
}

const notConfigured = () => new HttpError(503, 'streaming.not_configured', 'Live video (Agora) is not configured on this server');
const noStream = () => notFound('streaming.not_found', 'No stream has this channel');

/** The stream id of a channel name, or null when the name is not one of ours. */
export function streamIdOfChannel(channelName: string): string | null {
  const match = /^stream-(.+)$/.exec(channelName);
  return match && isId(match[1]!) ? match[1]! : null;
}

/** Which role this user may have on the channel, or a refusal. */
export async function roleOnChannel(ctx: AppContext, user: AuthUser, channelName: string): Promise<AgoraRole> {
  const streamId = streamIdOfChannel(channelName);
  if (!streamId) throw noStream();
  const [stream] = await ctx.db.select().from(streams).where(eq(streams.id, streamId)).limit(1);
  if (!stream) throw noStream();
  if (stream.type === 'private') {
    // A private call exists only for its two parties: anyone else is told there is no such channel.
    const [request] = await ctx.db
      .select({ userId: privateStreamRequests.userId })
      .from(privateStreamRequests)
      .where(and(eq(privateStreamRequests.streamId, stream.id), eq(privateStreamRequests.performerId, stream.performerId)))
      .limit(1);
    if (stream.performerId !== user.id && request?.userId !== user.id) throw noStream();
  }
  if (stream.state === 'finished') throw unprocessable('streaming.offline', 'This stream has ended');
  if (stream.performerId === user.id) return 'publisher';
  if (stream.type !== 'private') {
    await assertNotBlocked(ctx.db, stream.performerId, user);
    if (stream.state !== 'broadcasting') throw unprocessable('streaming.offline', 'This stream is not live');
    if (stream.subscribersOnly && user.role !== 'admin') {
      const subscribed = await subscribedCreatorIds(ctx.db, user.id, [stream.performerId], ctx.now());
      if (!subscribed.has(stream.performerId)) throw forbidden('streaming.subscribers_only', 'Only the creator’s subscribers may watch this stream');
    }
  }
  return 'subscriber';
}

/** Mints the token: the user's id is the Agora user account, so owner and viewer tokens differ by uid as well as by role. */
export function mintToken(settings: AgoraSettings, channelName: string, userId: string, role: AgoraRole): string {
  const token = RtcTokenBuilder.buildTokenWithUserAccount(
    settings.appId,
    settings.certificate,
    channelName,
    userId,
    role === 'publisher' ? RtcRole.PUBLISHER : RtcRole.SUBSCRIBER,
    AGORA_TOKEN_TTL_SECONDS,
    AGORA_TOKEN_TTL_SECONDS,
  );
  // The builder answers '' for an app id or certificate that is not 32 hex digits.
  if (!token) throw notConfigured();
  return token;
}

export async function agoraToken(ctx: AppContext, user: AuthUser, channelName: string): Promise<string> {
  const settings = agoraSettings(ctx);
  if (!settings) throw notConfigured();
  const role = await roleOnChannel(ctx, user, channelName);
  return mintToken(settings, channelName, user.id, role);
}
