import { fetchCurrentUser } from './auth/api';
import { askEarly } from './app/earlyData';
import { preloadApp } from './app/preload';
import { decideStart, isPublicPath, startFailureRedirect } from './auth/start';
import { loadAppMessages } from './i18n/loadMessages';
import { storedLocale } from './i18n/locales';
import { fetchConfig } from './shell/config';
import { loadWithRetry } from './shell/staleCode';

/**
 * Start-up (spec §2, §7): fetch the user, the configuration and the messages of the user's
 * language, then either the public pages (a small bundle without react-admin), a redirect, or the
 * app, loaded lazily with retries: the planner's pages in a light shell of their own, react-admin
 * only for the other paths (app/AppRoot). This entry holds no React: it asks for the session
 * first, then for the chunks (render.tsx with React, the app's, the page's), all in parallel
 * (docs/decisions/0046-web-start-up.md).
 */
async function start() {
  // Marks of the start-up's steps, for the benches' traces (`npm run bench:ui -- --trace`).
  performance.mark('nordlog:entry');
  const locale = storedLocale();
  document.documentElement.lang = locale;
  const path = window.location.pathname;
  const session = Promise.all([
    // A courier's page starts without a network with the session kept at its last visit (0072).
    fetchCurrentUser().catch(async (err: unknown) =>
      (await import('./courier/offline/copies')).offlineSession(path, err),
    ),
    fetchConfig(),
    loadWithRetry(() => loadAppMessages(locale)),
  ]);
  const publicPath = isPublicPath(path);
  const render = loadWithRetry(() => import('./render'));
  render.catch(() => undefined);
  // A main page's first data too, once the session's requests are out (app/earlyData.ts).
  if (!publicPath) askEarly(path);
  const appChunk = publicPath ? null : preloadApp(path);
  appChunk?.catch(() => undefined);
  // The public pages (log-in, tracking) are a chunk of their own, without react-admin.
  const publicChunk = publicPath ? import('./auth/PublicApp') : null;
  publicChunk?.catch(() => undefined);
  const [user, config, messages] = await session.catch(async (err: unknown) => {
    // Spec §7: a start-up failure on a customer path goes to the URL in the error body.
    const { HttpFailure } = await import('./errors/parse');
    const to = err instanceof HttpFailure ? startFailureRedirect(path, err.body) : null;
    if (to) window.location.replace(to);
    throw err;
  });
  performance.mark('nordlog:session');
  const decision = decideStart(path, window.location.search, user, config);
  if (decision.kind === 'redirect') {
    window.location.replace(decision.to);
    return;
  }
  await (
    await render
  ).render({
    path,
    user,
    config,
    messages,
    publicPage: decision.kind === 'public',
    appChunk,
    publicChunk,
  });
}

void start();
