import { createTheme, type Theme } from '@mui/material/styles';

/** The two themes of spec §1: the provider's own brand and the white-label variant. */
export const themeNames = ['nordlog', 'whitelabel'] as const;
export type ThemeName = (typeof themeNames)[number];

const storageKey = 'nordlog.theme';

/**
 * `?theme=` accepts exactly the two names (spec §1); any other value is ignored. The choice is kept
 * in the browser so it lasts while the user moves around the app.
 */
export function pickTheme(
  search: string,
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage,
): ThemeName {
  const asked = new URLSearchParams(search).get('theme');
  if (asked && (themeNames as readonly string[]).includes(asked)) {
    try {
      storage?.setItem(storageKey, asked);
    } catch {
      /* private mode */
    }
    return asked as ThemeName;
  }
  let stored: string | null = null;
  try {
    stored = storage?.getItem(storageKey) ?? null;
  } catch {
    stored = null;
  }
  return stored && (themeNames as readonly string[]).includes(stored)
    ? (stored as ThemeName)
    : 'nordlog';
}

/** Colours (only colours and logo differ between the themes; never layout). */
export const palettes: Record<
  ThemeName,
  { primary: string; onPrimary: string; secondary: string; bar: string; onBar: string }
> = {
  // Brand green #7bc144 with dark text on it: 8.9:1 contrast (WCAG AA needs 4.5:1).
  nordlog: {
    primary: '#7bc144',
    onPrimary: '#10240a',
    secondary: '#2f6b0f',
    bar: '#7bc144',
    onBar: '#10240a',
  },
  // Neutral slate for the white-label variant: white on #34495e is 9.6:1.
  whitelabel: {
    primary: '#34495e',
    onPrimary: '#ffffff',
    secondary: '#5d6d7e',
    bar: '#34495e',
    onBar: '#ffffff',
  },
};

export function muiTheme(name: ThemeName): Theme {
  const p = palettes[name];
  return createTheme({
    palette: {
      primary: { main: p.primary, contrastText: p.onPrimary },
      secondary: { main: p.secondary },
      // Spec §4 state display: success, danger, warning, neutral.
      success: { main: '#2e7d32' },
      error: { main: '#c62828' },
      warning: { main: '#b26a00' },
    },
    typography: { fontSize: 13 },
    components: {
      MuiAppBar: { styleOverrides: { colorSecondary: { backgroundColor: p.bar, color: p.onBar } } },
    },
  });
}

/** `?feature=a,b` switches feature flags on (spec §1); kept for the browser session. */
export function pickFeatures(
  search: string,
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.sessionStorage,
): Set<string> {
  const key = 'nordlog.features';
  const asked = new URLSearchParams(search)
    .getAll('feature')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => /^[A-Za-z0-9_-]{1,64}$/.test(v));
  let stored: string[] = [];
  try {
    stored = JSON.parse(storage?.getItem(key) ?? '[]') as string[];
  } catch {
    stored = [];
  }
  const all = new Set([...stored, ...asked]);
  if (asked.length > 0) {
    try {
      storage?.setItem(key, JSON.stringify([...all]));
    } catch {
      /* private mode */
    }
  }
  return all;
}
