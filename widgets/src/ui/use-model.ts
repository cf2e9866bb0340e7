import { useEffect, useReducer, useState } from 'react';
import { disposeModel } from '../session/feature.js';

/**
 * A model that lives as long as the component: made on first render, disposed when the
 * component goes. Under StrictMode's mount, unmount, mount the disposed model is replaced
 * by a fresh one, so a view never holds a dead model.
 */
export function useModel<M extends object>(create: () => M): M {
  const [holder] = useState(() => ({ model: create(), disposed: false }));
  const [, refresh] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (holder.disposed) {
      holder.model = create();
      holder.disposed = false;
      refresh();
    }
    return () => {
      disposeModel(holder.model);
      holder.disposed = true;
    };
    // The model is made once per component; later `create` closures are not new models.
  }, [holder]);
  return holder.model;
}
