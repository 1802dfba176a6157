import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchCurrentUser } from './auth/api';
import { preloadApp } from './app/preload';
import { decideStart, isPublicPath } from './auth/start';
import { loadAppMessages } from './i18n/loadMessages';
import { storedLocale } from './i18n/locales';
import { ErrorFallback } from './layout/ErrorFallback';
import { fetchConfig } from './shell/config';
import { loadWithRetry } from './shell/staleCode';
import { pickFeatures, pickTheme } from './theme/themes';

/**
 * Start-up (spec §2, §7): fetch the user, the configuration and the messages of the user's
 * language, then either the public pages (a small bundle without react-admin), a redirect, or the
 * app, loaded lazily with retries. Outside the public pages the app's chunk and the page's are
 * fetched at once, alongside the session (docs/decisions/0046-web-start-up.md).
 */
async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('no #root element');
  const locale = storedLocale();
  document.documentElement.lang = locale;
  const path = window.location.pathname;
  // The session first: the chunks below come from the cache or in parallel with it.
  const session = Promise.all([
    fetchCurrentUser(),
    fetchConfig(),
    loadWithRetry(() => loadAppMessages(locale)),
  ]);
  const publicPath = isPublicPath(path);
  let early = publicPath ? null : preloadApp(path);
  early?.catch(() => undefined);
  // The public pages (log-in, tracking) are a chunk of their own, without react-admin.
  let publicChunk = publicPath ? import('./auth/PublicApp') : null;
  publicChunk?.catch(() => undefined);
  const [user, config, messages] = await session;
  const decision = decideStart(path, window.location.search, user, config);
  if (decision.kind === 'redirect') {
    window.location.replace(decision.to);
    return;
  }
  const themeName = pickTheme(window.location.search);
  const features = pickFeatures(window.location.search);
  const texts = messages.fallback;
  const root = createRoot(container);
  if (decision.kind === 'public' || !user) {
    const { PublicApp } = await loadWithRetry(() => {
      const chunk = publicChunk ?? import('./auth/PublicApp');
      publicChunk = null;
      return chunk;
    });
    root.render(
      <StrictMode>
        <ErrorFallback texts={texts} showDetails={config.development}>
          <PublicApp user={user} messages={messages} />
        </ErrorFallback>
      </StrictMode>,
    );
    return;
  }
  const { default: AdminApp } = await loadWithRetry(() => {
    // The chunk asked for at start-up; a retry asks again.
    const chunk = early ?? import('./app/AdminApp');
    early = null;
    return chunk;
  });
  root.render(
    <StrictMode>
      <ErrorFallback texts={texts} showDetails={config.development}>
        <AdminApp
          user={user}
          themeName={themeName}
          features={features}
          development={config.development}
          messages={messages}
        />
      </ErrorFallback>
    </StrictMode>,
  );
}

void start();
