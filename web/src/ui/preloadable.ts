import { lazy, type ComponentType } from "react";

/**
 * A component whose code loads with its first render or earlier, by `preload()` (a tap on the
 * button that opens it, the start-up wait). Once preloaded it renders at once: React.lazy given
 * a thenable that has already settled does not suspend, so no loading screen flashes.
 */
export function preloadable<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): { Component: ComponentType<P>; preload: () => Promise<unknown> } {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = pick(module)),
      (err: unknown) => {
        loading = undefined; // a failed download is tried again by the next preload or render
        throw err;
      },
    ));
  const Component = lazy(() => (loaded ? settled({ default: loaded }) : preload().then((c) => ({ default: c }))));
  return { Component, preload };
}

/**
 * A thenable that calls back at once (a Promise would wait a microtask, and React.lazy would
 * suspend). React.lazy only calls `then`; its type asks for a whole Promise.
 */
const settled = <T>(value: T) =>
  ({ then: (onFulfilled?: (value: T) => unknown) => onFulfilled?.(value) }) as unknown as Promise<T>;
