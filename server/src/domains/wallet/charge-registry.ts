import { z } from 'zod';
import type { ChargeHandler, ChargeKind } from './charge-handler.js';

/**
 * Where charge kinds plug in: each domain that sells something registers its handler
 * through the wallet's extension point (`registerChargeHandler`). The wallet's routes
 * exist for every contract kind from the start and look the handler up per request, so
 * a domain registered after the wallet is sold through them; a kind nobody sells yet
 * answers 404 `wallet.item_not_found`.
 */
export interface ChargeRegistry {
  register(handler: ChargeHandler): void;
  get(kind: ChargeKind): ChargeHandler | undefined;
}

export function createChargeRegistry(): ChargeRegistry {
  const handlers = new Map<ChargeKind, ChargeHandler>();
  return {
    register(handler) {
      // Two domains selling the same kind is a wiring mistake; say so at start, not at the first sale.
      if (handlers.has(handler.kind)) throw new Error(`A charge handler for "${handler.kind}" is already registered`);
      handlers.set(handler.kind, handler);
    },
    get: (kind) => handlers.get(kind),
  };
}

/**
 * The body schema of a kind's routes, resolved per request: routes are registered before
 * the domains that sell through them, so the handler's schema is not known yet. Issues
 * keep their paths, so a bad field is still a 400 naming `body.<field>`. With no handler
 * the body passes through untouched and the route answers its 404.
 */
export function handlerBody(registry: ChargeRegistry, kind: ChargeKind) {
  return z.unknown().transform((value, ctx) => {
    const handler = registry.get(kind);
    if (!handler) return value;
    const parsed = handler.body.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue } as Parameters<typeof ctx.addIssue>[0]);
    return z.NEVER;
  });
}
