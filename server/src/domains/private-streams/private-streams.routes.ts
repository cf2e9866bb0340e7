import { LIMITS, paths } from '@fandeck/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { envelopeSchema, list, listSchema, ok, okFor } from '../../http/envelope.js';
import { currentUser } from '../../http/guard.js';
import { sortableListQuery } from '../../http/pagination.js';
import type { NotificationsExtension } from '../notifications/index.js';
import { defineDomain } from '../plugin.js';
import type { WalletExtension } from '../wallet/index.js';
import type { ApiScope } from '../types.js';
import { agoraSettings, agoraToken } from './agora-token.js';
import { privateCallHandler } from './private-call-handler.js';
import { channelOf, presentStream, privateJoinSchema, privateRequestSchema, type RequestRow } from './private-streams.presenter.js';
import { decide, deleteCall, editCall, joinCall, presentWithParties, requestCall, searchCalls, startCall } from './private-streams.service.js';
import { callAccess, registerPrivateCallSignaling, type SfuHandle } from './sfu/sfu-signaling.js';

const TAGS = ['streaming'];
const params = z.object({ id: z.string().min(1).max(64) });
const duration = z.number().int().min(LIMITS.privateCall.minutesMin).max(LIMITS.privateCall.minutesMax);
const note = z.string().trim().max(LIMITS.privateCall.noteMax);
// Clients send optional fields as "" (api-contract section 7): "" means absent.
const blankAsAbsent = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const requestBody = z.object({ performerId: z.string().min(1).max(64), duration: blankAsAbsent(duration), note: blankAsAbsent(note) });
const editBody = z.object({ duration: blankAsAbsent(duration), note: note.optional() });
const searchQuery = sortableListQuery({ createdAt: 0, updatedAt: 0, price: 0 }).extend({ status: blankAsAbsent(z.enum(['pending', 'approved', 'rejected'])) });
const tokenBody = z.object({ channelName: z.string().min(1).max(128) });

type Action = 'requested' | 'approved' | 'rejected' | 'started' | 'edited' | 'deleted';

async function privateStreamRoutes(api: ApiScope, ctx: AppContext, notifications: NotificationsExtension, wallet: WalletExtension) {
  /** Tells the other party what changed (`send_notification`, type `private_stream.updated`); never fails the action. */
  const tellOther = (actorId: string, row: RequestRow, action: Action, extra: Record<string, unknown> = {}) => {
    const other = actorId === row.performerId ? row.userId : row.performerId;
    void notifications.notify({
      userId: other,
      type: 'private_stream.updated',
      data: { action, requestId: row.id, actorId, performerId: row.performerId, conversationId: row.conversationId, streamId: row.streamId, status: row.status, ...extra },
    });
  };
  const answer = async (actorId: string, row: RequestRow, action: Action) => {
    tellOther(actorId, row, action);
    return ok(await presentWithParties(ctx, row));
  };
  const one = { 200: envelopeSchema(privateRequestSchema) };

  api.post(
    paths['streaming.privateRequest'],
    {
      schema: {
        tags: TAGS,
        summary: 'Ask a creator for a private call (5 to 120 minutes), priced at the creator’s private call price now',
        description: 'A creator who blocked the fan refuses (403 `blocks.blocked`); an unknown creator is a 404 `performers.not_found`.',
        body: requestBody,
        response: one,
      },
    },
    async (request) => {
      const user = currentUser(request);
      return answer(user.id, await requestCall(ctx, user, request.body), 'requested');
    },
  );

  for (const [key, status] of [
    ['streaming.privateApprove', 'approved'],
    ['streaming.privateReject', 'rejected'],
  ] as const) {
    api.post(
      paths[key],
      {
        schema: { tags: TAGS, summary: `The creator ${status === 'approved' ? 'approves' : 'rejects'} a pending request`, params, response: one },
      },
      async (request) => {
        const user = currentUser(request);
        return answer(user.id, await decide(ctx, user, request.params.id, status), status);
      },
    );
  }

  api.post(
    paths['streaming.privateStart'],
    {
      schema: {
        tags: TAGS,
        summary: 'The creator starts an approved call (a paid one once the fan has paid it); starting again answers the same call',
        params,
        response: one,
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { request: row } = await startCall(ctx, user, request.params.id);
      return answer(user.id, row, 'started');
    },
  );

  api.post(
    paths['streaming.privateEdit'],
    {
      schema: { tags: TAGS, summary: 'The creator changes the length or the note of a call that has not started', params, body: editBody, response: one },
    },
    async (request) => {
      const user = currentUser(request);
      return answer(user.id, await editCall(ctx, user, request.params.id, request.body), 'edited');
    },
  );

  api.post(
    paths['streaming.privateJoin'],
    {
      schema: { tags: TAGS, summary: 'Join a started call: its fan or its creator only', params, response: { 200: envelopeSchema(privateJoinSchema) } },
    },
    async (request) => {
      const { stream, request: call } = await joinCall(ctx, currentUser(request), request.params.id);
      const live = stream.state !== 'finished';
      const settings = agoraSettings(ctx);
      return okFor('streaming.privateJoin', {
        stream: presentStream(stream),
        canWatch: live,
        reason: live ? null : ('offline' as const),
        playlistUrl: null,
        agora: settings && live ? { appId: settings.appId, channel: channelOf(stream.id) } : null,
        request: await presentWithParties(ctx, call),
      });
    },
  );

  api.delete(
    paths['streaming.privateDelete'],
    {
      schema: {
        tags: TAGS,
        summary: 'Delete (cancel) a request before the call starts: the fan while pending or once paid, the creator any time',
        description:
          'A paid call is cancelled with a full refund of the fan’s charge, in the same transaction. Earnings the creator already ' +
          'withdrew refuse it (409 `wallet.refund_not_covered`); a started call is a 422 `streaming.request_invalid_state`.',
        params,
        response: one,
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { row, refund } = await deleteCall(ctx, user, request.params.id, wallet);
      if (refund) wallet.announceRefund(refund);
      tellOther(user.id, row, 'deleted', refund ? { refunded: true } : {});
      // The request as it was; `paid` is false now that its charge is refunded.
      return okFor('streaming.privateDelete', await presentWithParties(ctx, row));
    },
  );

  for (const key of ['streaming.privateSearch', 'streaming.privateList'] as const) {
    api.get(
      paths[key],
      {
        schema: { tags: TAGS, summary: 'The caller’s private call requests, as fan or as creator', querystring: searchQuery, response: { 200: listSchema(privateRequestSchema) } },
      },
      async (request) => {
        const page = await searchCalls(ctx, currentUser(request), request.query);
        return list(page.items, page.total);
      },
    );
  }

  api.post(
    paths['streaming.agoraToken'],
    {
      schema: {
        tags: TAGS,
        summary: 'An Agora RTC token for a stream’s channel (`stream-<streamId>`): publisher for its creator, subscriber for an entitled viewer',
        description: 'Answers the token string itself. Without Agora settings: 503 `streaming.not_configured`.',
        body: tokenBody,
        response: { 200: envelopeSchema(z.string()) },
      },
    },
    async (request) => ok(await agoraToken(ctx, currentUser(request), request.body.channelName)),
  );
}

/** What later domains may call: close a call's SFU room when the call ends. */
export interface PrivateStreamsExtension {
  sfu: SfuHandle;
}

declare module '../plugin.js' {
  interface DomainExtensions {
    'private-streams': PrivateStreamsExtension;
  }
}

export default defineDomain({
  name: 'private-streams',
  dependsOn: ['wallet', 'notifications', 'streaming'],
  async register(api, ctx, deps) {
    // Who may be in a call's `stream:` room and send its presence events: this domain's rule, applied by streaming.
    deps.get('streaming').registerCallAccess(callAccess);
    const notifications = deps.get('notifications');
    const wallet = deps.get('wallet');
    wallet.registerChargeHandler(privateCallHandler(() => notifications));
    await privateStreamRoutes(api, ctx, notifications, wallet);
    // Signaling of calls over the built-in SFU (sfu/README in this domain's README).
    const sfu = registerPrivateCallSignaling(ctx);
    api.addHook('onClose', async () => sfu.close());
    return { sfu };
  },
});
