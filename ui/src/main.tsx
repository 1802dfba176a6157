import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchCurrentUser } from './auth/api';
import { PublicApp } from './auth/PublicApp';
import { decideStart } from './auth/start';
import { appMessages } from './i18n/appMessages';
import { storedLocale } from './i18n/locales';
import { ErrorFallback } from './layout/ErrorFallback';
import { fetchConfig } from './shell/config';
import { loadWithRetry } from './shell/staleCode';
import { pickFeatures, pickTheme } from './theme/themes';

/**
 * Start-up (spec §2, §7): fetch the user and the configuration, then either the public pages
 * (a small bundle without react-admin), a redirect, or the app, loaded lazily with retries.
 */
async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('no #root element');
  const locale = storedLocale();
  document.documentElement.lang = locale;
  const [user, config] = await Promise.all([fetchCurrentUser(), fetchConfig()]);
  const decision = decideStart(window.location.pathname, window.location.search, user, config);
  if (decision.kind === 'redirect') {
    window.location.replace(decision.to);
    return;
  }
  const themeName = pickTheme(window.location.search);
  const features = pickFeatures(window.location.search);
  const texts = appMessages[locale].fallback;
  const root = createRoot(container);
  if (decision.kind === 'public' || !user) {
    root.render(
      <StrictMode>
        <ErrorFallback texts={texts} showDetails={config.development}>
          <PublicApp user={user} />
        </ErrorFallback>
      </StrictMode>,
    );
    return;
  }
  const { default: AdminApp } = await loadWithRetry(() => import('./app/AdminApp'));
  root.render(
    <StrictMode>
      <ErrorFallback texts={texts} showDetails={config.development}>
        <AdminApp
          user={user}
          themeName={themeName}
          features={features}
          development={config.development}
        />
      </ErrorFallback>
    </StrictMode>,
  );
}

void start();
