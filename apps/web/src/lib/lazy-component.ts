import { type ComponentType, useCallback, useState } from 'react';

/**
 * A component whose code is fetched the first time it is wanted (issue 24): a dialog a screen shows
 * on a click, kept out of the screen's first chunks. `load` fetches it once (again after a failure);
 * `loaded` is the component once it is here.
 */
export interface LazyComponent<P> {
  load: () => Promise<ComponentType<P>>;
  loaded: () => ComponentType<P> | undefined;
}

export function lazyComponent<P>(loader: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let component: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const load = () => {
    pending ??= loader().then(
      (loadedComponent) => {
        component = loadedComponent;
        return loadedComponent;
      },
      (error: unknown) => {
        // A failed fetch (offline, a new deployment) may be tried again by the next click.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return { load, loaded: () => component };
}

/** What a button says when its lazy code could not be fetched: 'Share pickup could not be opened. …' */
export const CANNOT_OPEN = (what: string) => `${what} could not be opened. Check your connection and try again.`;

/**
 * A lazy component behind a button: `preload` on pointer enter or focus starts the fetch early;
 * `open(show)` calls `show` at once when the code is here, else when it arrives, `loading` meanwhile
 * (the button shows its progress: never a dead click), `failed` and `onFailed` when it could not be fetched.
 */
export function useLazyComponent<P>(lazy: LazyComponent<P>) {
  const [component, setComponent] = useState<ComponentType<P> | undefined>(() => lazy.loaded());
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const preload = useCallback(() => {
    lazy.load().catch(() => undefined);
  }, [lazy]);
  const open = useCallback(
    (show: () => void, onFailed?: () => void) => {
      const ready = lazy.loaded();
      if (ready) {
        setComponent(() => ready);
        show();
        return;
      }
      setLoading(true);
      setFailed(false);
      lazy.load().then(
        (loadedComponent) => {
          setComponent(() => loadedComponent);
          setLoading(false);
          show();
        },
        () => {
          setLoading(false);
          setFailed(true);
          onFailed?.();
        },
      );
    },
    [lazy],
  );
  return { Component: component, loading, failed, preload, open };
}
