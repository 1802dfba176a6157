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
  // As text and outline on white (buttons, links, checkboxes) the brand green is too light
  // (2.2:1), so the primary colour is its dark shade: white on #2f6b0f is 6.6:1.
  nordlog: {
    primary: '#2f6b0f',
    onPrimary: '#ffffff',
    secondary: '#1f4a08',
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

/** The product name each theme shows in the header and the tab title (issue 13: white-label). */
export const siteNameKey = (name: ThemeName): string =>
  name === 'whitelabel' ? 'app.whitelabelName' : 'app.siteName';

/** Whether the user asked their system for less motion (WCAG 2.3.3, decision 0104; read at start). */
export const prefersReducedMotion = (): boolean =>
  typeof globalThis.matchMedia === 'function' &&
  globalThis.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * What changes for a user who asked for less motion: no transitions (menus, dialogs and drawers
 * appear at once), no ripple on a press, no pulsing placeholders. Progress bars still move: they
 * say that something is under way.
 */
const stillOptions = {
  transitions: {
    create: () => 'none',
    duration: {
      shortest: 0,
      shorter: 0,
      short: 0,
      standard: 0,
      complex: 0,
      enteringScreen: 0,
      leavingScreen: 0,
    },
  },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: true } },
    MuiSkeleton: { defaultProps: { animation: false } },
  },
} as const;

/**
 * The MUI theme. `loadingLabel` names the progress indicators (axe: a progressbar needs a name).
 */
export function muiTheme(
  name: ThemeName,
  loadingLabel = 'Loading',
  reducedMotion = prefersReducedMotion(),
): Theme {
  const p = palettes[name];
  const still = reducedMotion ? stillOptions : null;
  return createTheme({
    ...(still ? { transitions: still.transitions } : {}),
    palette: {
      primary: { main: p.primary, contrastText: p.onPrimary },
      secondary: { main: p.secondary },
      // Spec §4 state display: success, danger, warning, neutral.
      // Each with white text at 4.5:1 or more (filled alerts and toasts; axe color-contrast).
      success: { main: '#2e7d32', contrastText: '#ffffff' },
      error: { main: '#c62828', contrastText: '#ffffff' },
      warning: { main: '#8a5100', contrastText: '#ffffff' },
      info: { main: '#01579b', contrastText: '#ffffff' },
    },
    typography: { fontSize: 13 },
    components: {
      ...still?.components,
      MuiAppBar: { styleOverrides: { colorSecondary: { backgroundColor: p.bar, color: p.onBar } } },
      MuiCircularProgress: { defaultProps: { 'aria-label': loadingLabel } },
      MuiLinearProgress: { defaultProps: { 'aria-label': loadingLabel } },
      // A checkbox's aria-label names its input, not the decorative span around it (react-admin's
      // row checkboxes pass it on the checkbox; axe: "form elements must have labels"). The
      // list's loading placeholder (react-admin's DatagridLoading) draws unlabelled "select-all"
      // checkboxes while a list loads: they are named as what they are, the list loading.
      MuiCheckbox: {
        defaultProps: {
          slotProps: {
            root: { 'aria-label': undefined } as object,
            input: ((ownerState: {
              'aria-label'?: string;
              inputProps?: object;
              className?: string;
            }) => {
              const label =
                ownerState['aria-label'] ??
                (/\bselect-all\b/.test(ownerState.className ?? '') ? loadingLabel : undefined);
              return { ...ownerState.inputProps, ...(label ? { 'aria-label': label } : {}) };
            }) as never,
          },
        },
      },
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
