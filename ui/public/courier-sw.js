/**
 * The courier page's service worker (docs/decisions/0072-courier-offline.md), registered by that
 * page only, with the scope /courier: the planner's pages never meet it. It keeps the app shell
 * (index.html, the same for every path) and the content-hashed files under /assets/ that the
 * courier page loaded, so the page starts without a network. It keeps no answer of the API, /auth,
 * /config or /revision: those requests are not touched and go to the network as without it (the
 * page keeps its own copy of the route in IndexedDB, per user).
 */
const SHELL_CACHE = 'nordlog-courier-shell-v1';
const ASSET_CACHE = 'nordlog-courier-assets-v1';
const SHELL_KEY = '/courier';
/** Where the build the kept files belong to is noted (not a page: no request asks for it). */
const BUILD_KEY = '/courier-sw/build';
/** A navigation that gets no answer in this time is answered from the cache (a weak signal). */
const NAVIGATION_TIMEOUT_MS = 5000;

const isCourierPage = (url) => /^\/courier(\/|$)/.test(url.pathname);
const isAsset = (url) => url.pathname.startsWith('/assets/') && !url.pathname.endsWith('.map');

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([SHELL_CACHE, ASSET_CACHE]);
      for (const name of await caches.keys())
        if (name.startsWith('nordlog-courier-') && !keep.has(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (isCourierPage(url)) event.respondWith(shell(request));
    return;
  }
  if (isAsset(url)) event.respondWith(asset(request));
  // Anything else (the API, /auth, /config, /revision, the socket): not touched.
});

/** The network's page, kept as the shell; without an answer, the shell kept last. */
async function shell(request) {
  const cache = await caches.open(SHELL_CACHE);
  const network = fetch(request).then(async (response) => {
    if (response.ok && (response.headers.get('content-type') ?? '').includes('text/html'))
      await cache.put(SHELL_KEY, response.clone());
    return response;
  });
  const timeout = new Promise((resolve) => setTimeout(resolve, NAVIGATION_TIMEOUT_MS, null));
  try {
    const first = await Promise.race([network, timeout]);
    if (first) return first;
  } catch {
    /* no network: the kept shell below */
  }
  const kept = await cache.match(SHELL_KEY);
  return kept ?? network;
}

/** A content-hashed file never changes: the kept copy, else the network's, kept. */
async function asset(request) {
  const cache = await caches.open(ASSET_CACHE);
  const kept = await cache.match(request, { ignoreVary: true, ignoreSearch: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/**
 * The page, once loaded, names the files it loaded (those of the first visit came before this
 * worker ran) and its build (its entry script): they are kept. The first page of a new build drops
 * the files of earlier builds it does not load; within a build, files add up (another language).
 */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'keep' || !Array.isArray(data.urls)) return;
  event.waitUntil(
    (async () => {
      const urls = data.urls
        .map((u) => new URL(u, self.location.origin))
        .filter((u) => u.origin === self.location.origin && isAsset(u))
        .map((u) => u.pathname);
      const assets = await caches.open(ASSET_CACHE);
      for (const path of urls) {
        if (await assets.match(path, { ignoreVary: true })) continue;
        const response = await fetch(path).catch(() => null);
        if (response && response.ok) await assets.put(path, response);
      }
      const shellCache = await caches.open(SHELL_CACHE);
      const build = typeof data.build === 'string' ? data.build : '';
      const known = await shellCache.match(BUILD_KEY);
      if (build && (!known || (await known.text()) !== build)) {
        const wanted = new Set(urls);
        for (const request of await assets.keys())
          if (!wanted.has(new URL(request.url).pathname)) await assets.delete(request);
        await shellCache.put(BUILD_KEY, new Response(build));
      }
      if (!(await shellCache.match(SHELL_KEY))) {
        const response = await fetch(SHELL_KEY).catch(() => null);
        if (response && response.ok) await shellCache.put(SHELL_KEY, response);
      }
      event.source?.postMessage({ type: 'kept', count: urls.length });
    })(),
  );
});
