import { lazy, useState, type ComponentType } from 'react';
import { loadWithRetry } from './staleCode';

/** A page in a chunk of its own that can be asked for before its route renders. */
export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

/**
 * `React.lazy` for a page, with `preload()`: the start-up asks for the page's chunk beside the
 * session (app/preload.ts), and a page whose chunk has arrived by the time its route renders is
 * drawn at once. A plain lazy component suspends on its first render whatever its chunk's state,
 * and React commits a suspended boundary's content no sooner than 300 ms after its fallback was
 * shown (its FALLBACK_THROTTLE_MS): a third of a second added to every start-up, before the page
 * could even ask for its data (docs/decisions/0046-web-start-up.md, addendum). Loads are retried
 * as every chunk's are (loadWithRetry, spec §8).
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | null = null;
  let pending: Promise<{ default: ComponentType }> | null = null;
  const preload = () =>
    (pending ??= loadWithRetry(load).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  const Suspending = lazy(preload);
  function Page() {
    // Chosen once per mount: a page never changes its component type while it is open.
    const [Component] = useState<ComponentType>(() => loaded ?? Suspending);
    return <Component />;
  }
  return Object.assign(Page, { preload });
}
