import { z } from 'zod';
import { notFound } from '../../http/errors.js';
import { defineHandler, type ChargeHandler, type ChargeKind } from './charge-handler.js';
import { tipHandler } from './tip-handler.js';

/** A kind whose domain does not exist yet: every id of it is unknown. */
function notSoldYet(kind: ChargeKind, noun: string): ChargeHandler {
  return defineHandler({
    kind,
    summary: `Buy a ${noun} from the wallet (answers 404 until the ${noun} domain plugs in its handler)`,
    body: z.looseObject({}).nullish(),
    price: async () => {
      throw notFound(`No ${noun} with this id can be bought`);
    },
  });
}

/**
 * The registry: where each kind plugs in. A domain that sells something replaces its
 * `notSoldYet` entry with a handler (see `tip-handler.ts`); the route, idempotency,
 * ledger split, charge record and live events come from the engine unchanged.
 */
export const chargeHandlers: Record<ChargeKind, ChargeHandler> = {
  tip: tipHandler,
  feed: notSoldYet('feed', 'feed'),
  product: notSoldYet('product', 'product'),
  video: notSoldYet('video', 'video'),
  gallery: notSoldYet('gallery', 'gallery'),
  message: notSoldYet('message', 'message'),
  stream: notSoldYet('stream', 'stream'),
  auction: notSoldYet('auction', 'auction'),
  gift: notSoldYet('gift', 'gift'),
  crowdfunding: notSoldYet('crowdfunding', 'crowdfunding campaign'),
  event: notSoldYet('event', 'event'),
  'booking-cameo': notSoldYet('booking-cameo', 'cameo booking'),
};
