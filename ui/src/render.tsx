import type { AuthUser } from '@nordlog/contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type * as AppRootModule from './app/AppRoot';
import type * as PublicAppModule from './auth/PublicApp';
import type { Messages } from './i18n/messages/en';
import { ErrorFallback } from './layout/ErrorFallback';
import type { AppConfig } from './shell/config';
import { loadWithRetry } from './shell/staleCode';
import { pickFeatures, pickTheme } from './theme/themes';

/**
 * The start-up's second half (main.tsx has asked for the session and the chunks): React, the
 * top-level error screen, and the public pages or the app. A chunk of its own, so that the entry
 * asks for the session before React and MUI are even run (docs/decisions/0046-web-start-up.md).
 */
export async function render(start: {
  path: string;
  user: AuthUser | null;
  config: AppConfig;
  messages: Messages;
  /** The public pages rather than the app. */
  publicPage: boolean;
  /** The chunks asked for at start-up; a retry asks again. */
  appChunk: Promise<typeof AppRootModule> | null;
  publicChunk: Promise<typeof PublicAppModule> | null;
}): Promise<void> {
  const { path, user, config, messages } = start;
  let { appChunk, publicChunk } = start;
  const container = document.getElementById('root');
  if (!container) throw new Error('no #root element');
  const themeName = pickTheme(window.location.search);
  const features = pickFeatures(window.location.search);
  const texts = messages.fallback;
  performance.mark('nordlog:react');
  const root = createRoot(container);
  if (start.publicPage || !user) {
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
  const { default: AppRoot, preloadPage } = await loadWithRetry(() => {
    const chunk = appChunk ?? import('./app/AppRoot');
    appChunk = null;
    return chunk;
  });
  // The page's chunk, asked for at start-up too: the app's first render draws the page.
  await preloadPage(path).catch(() => undefined);
  performance.mark('nordlog:render');
  root.render(
    <StrictMode>
      <ErrorFallback texts={texts} showDetails={config.development}>
        <AppRoot
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
