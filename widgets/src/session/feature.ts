/**
 * Lazy feature models. A feature (tip, wallet, chat, …) declares its model once with
 * `defineFeature`; the session creates it the first time something asks for it
 * (`session.use(feature)`), keeps that one instance for the session's life and disposes
 * it with the session. The session itself knows no feature: the runtime every bundle
 * shares stays the same size however many features a page could load.
 */
import type { Session } from './session.js';

export interface Feature<M extends object> {
  /** Unique on a page: the session keeps one model per name. */
  readonly name: string;
  /** Builds the model for one session; called at most once per session. */
  readonly create: (session: Session) => M;
}

/** Declares a feature's model; usually `defineFeature('wallet', (session) => new WalletModel(session))`. */
export function defineFeature<M extends object>(name: string, create: (session: Session) => M): Feature<M> {
  return Object.freeze({ name, create });
}

/**
 * Ends a model: a signals-core model's own disposer (`Symbol.dispose`, which stops every
 * effect the model's factory started), else a `dispose()` method when it has one.
 */
export function disposeModel(model: object): void {
  const disposeKey = (Symbol as { dispose?: symbol }).dispose;
  const record = model as Record<PropertyKey, unknown>;
  const ownDisposer = disposeKey ? record[disposeKey] : undefined;
  // Where the runtime has no Symbol.dispose, signals-core stores the disposer under the key "undefined".
  const disposer = ownDisposer ?? record[String(disposeKey)] ?? record.dispose;
  if (typeof disposer === 'function') (disposer as () => void).call(model);
}

/** The session's registry of feature models it created. */
export interface FeatureHost {
  use<M extends object>(feature: Feature<M>): M;
  /** Disposes every model, newest first (a later model may use an earlier one). */
  dispose(): void;
}

/**
 * Models are found by the feature's name, not its object: two bundles on one page that
 * each carry a copy of a feature's code still share one model, so one state.
 */
export function createFeatureHost(session: () => Session): FeatureHost {
  const models = new Map<string, object>();
  let disposed = false;

  return {
    use<M extends object>(feature: Feature<M>): M {
      const existing = models.get(feature.name);
      if (existing) return existing as M;
      if (disposed) throw new Error(`Feature "${feature.name}" asked of a disposed session`);
      const model = feature.create(session());
      models.set(feature.name, model);
      return model;
    },
    dispose() {
      disposed = true;
      for (const model of [...models.values()].reverse()) disposeModel(model);
      models.clear();
    },
  };
}
