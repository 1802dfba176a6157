/** Runtime configuration of the web app (`GET /config`), so one build serves every environment. */
export interface AppConfig {
  customerPortalUrl: string | null;
  environment: string;
  development: boolean;
  /** Map tiles at a {z}/{x}/{y} path and their attribution (docs/decisions/0015). */
  mapTileUrl?: string;
  mapTileAttribution?: string;
}

export async function fetchConfig(): Promise<AppConfig> {
  try {
    const res = await fetch('/config', { cache: 'no-store' });
    if (res.ok) return (await res.json()) as AppConfig;
  } catch {
    /* fall through to the defaults */
  }
  return {
    customerPortalUrl: null,
    environment: environmentOf(location.hostname),
    development: false,
  };
}

/** Spec §1: the environment follows the host name. */
export function environmentOf(hostname: string): string {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '127.0.0.1' || host.endsWith('.local')) return 'local';
  for (const env of ['qa', 'demo', 'pilot']) {
    if (host.startsWith(`${env}.`) || host.includes(`-${env}.`) || host.includes(`.${env}.`))
      return env;
  }
  return 'production';
}
