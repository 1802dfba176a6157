/**
 * Makes the courier page an installable app that starts without a network
 * (docs/decisions/0072-courier-offline.md): its web app manifest, linked from this page only, and
 * its service worker (ui/public/courier-sw.js), registered with the scope /courier, so that the
 * planner's pages have neither.
 */

export const MANIFEST_URL = '/courier.webmanifest';
export const WORKER_URL = '/courier-sw.js';
export const WORKER_SCOPE = '/courier';

/** The app's own files this page has loaded (under /assets/), to keep for a start offline. */
export function loadedAssets(): string[] {
  const urls = new Set<string>();
  const add = (href: string) => {
    try {
      const url = new URL(href, location.href);
      if (url.origin === location.origin && url.pathname.startsWith('/assets/'))
        urls.add(url.pathname);
    } catch {
      /* not a URL */
    }
  };
  for (const entry of performance.getEntriesByType('resource')) add(entry.name);
  for (const el of document.querySelectorAll<HTMLScriptElement>('script[src]')) add(el.src);
  for (const el of document.querySelectorAll<HTMLLinkElement>('link[href]')) add(el.href);
  return [...urls].sort();
}

/** Links the manifest and registers the worker; in a build only (the dev server has neither). */
export async function makeInstallable(): Promise<void> {
  if (!import.meta.env.PROD) return;
  if (!document.querySelector('link[rel="manifest"]')) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = MANIFEST_URL;
    document.head.append(link);
  }
  // Ask that the phone keep the stored reports under storage pressure (best effort).
  void navigator.storage?.persist?.().catch(() => undefined);
  if (!('serviceWorker' in navigator)) return;
  await navigator.serviceWorker.register(WORKER_URL, { scope: WORKER_SCOPE });
  const ready = await navigator.serviceWorker.ready;
  // The build is the entry script of index.html: a new build's files replace the old ones.
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  ready.active?.postMessage({
    type: 'keep',
    urls: loadedAssets(),
    build: entry ? new URL(entry.src).pathname : '',
  });
}
