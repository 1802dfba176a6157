import { createContext, useContext, useEffect, useState, type RefObject } from 'react';

/** The scrolling element the cards are in (the observer's root; null: the viewport). */
export const ScrollRootContext = createContext<HTMLElement | null>(null);

/**
 * Whether an element is (or has been) near the viewport: a board of 50 slots draws the stops of
 * the cards the planner can see first, and the rest as they scroll near (the first render stays
 * fast with thousands of stops). Once near, it stays drawn. `force` draws it at once (a card the
 * URL names).
 */
export function useNearViewport(
  ref: RefObject<HTMLElement | null>,
  force = false,
  margin = '600px',
): boolean {
  const [near, setNear] = useState(force);
  const root = useContext(ScrollRootContext);
  useEffect(() => {
    if (near) return;
    if (force) return setNear(true);
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { root, rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, force, ref, margin, root]);
  return near;
}
