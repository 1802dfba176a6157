import { describe, expect, it } from '@jest/globals';
import {
  muiTheme,
  palettes,
  pickFeatures,
  pickTheme,
  prefersReducedMotion,
  themeNames,
  type ThemeName,
} from './themes';

const memoryStorage = () => {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
  };
};

describe('themes and feature flags (spec §1)', () => {
  it('S1-GEN-035 S1-GEN-036: ?theme= picks one of two themes with different colours', () => {
    expect(themeNames).toEqual(['nordlog', 'whitelabel']);
    expect(pickTheme('?theme=whitelabel', memoryStorage())).toBe('whitelabel');
    expect(pickTheme('?theme=nordlog', memoryStorage())).toBe('nordlog');
    expect(palettes.nordlog.bar).toBe('#7bc144');
    expect(palettes.whitelabel.bar).not.toBe(palettes.nordlog.bar);
    expect(palettes.whitelabel.primary).not.toBe(palettes.nordlog.primary);
  });

  it('every theme colour used for text, or under text, reaches WCAG AA contrast (4.5:1)', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
      const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
    };
    const contrast = (a: string, b: string) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    for (const p of Object.values(palettes)) {
      expect(contrast(p.primary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(p.onPrimary, p.primary)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(p.onBar, p.bar)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('S1-GEN-037: any other value is not applied; the choice is remembered', () => {
    const storage = memoryStorage();
    expect(pickTheme('?theme=bogus', storage)).toBe('nordlog');
    pickTheme('?theme=whitelabel', storage);
    expect(pickTheme('', storage)).toBe('whitelabel');
    expect(pickTheme('?theme=bogus', storage)).toBe('whitelabel');
  });

  it('S1-GEN-038: ?feature= switches feature flags on for the session', () => {
    const storage = memoryStorage();
    expect([...pickFeatures('?feature=workingTimeBreak,newMap&feature=x', storage)].sort()).toEqual(
      ['newMap', 'workingTimeBreak', 'x'],
    );
    expect(pickFeatures('', storage).has('newMap')).toBe(true);
    expect(pickFeatures('?feature=<script>', memoryStorage()).size).toBe(0);
  });
});

describe('every checkbox input has a name (axe: form elements must have labels)', () => {
  type Input = (state: Record<string, unknown>) => Record<string, unknown>;
  const inputOf = (name: ThemeName) =>
    (
      muiTheme(name, 'Chargement').components?.MuiCheckbox?.defaultProps?.slotProps as {
        input: Input;
      }
    ).input;
  it.each(themeNames)('%s: the checkbox’s own label goes on its input', (name) => {
    expect(inputOf(name)({ 'aria-label': 'Sélectionner cette ligne' })['aria-label']).toBe(
      'Sélectionner cette ligne',
    );
  });
  it.each(themeNames)(
    '%s: a list’s loading placeholder (react-admin draws unlabelled select-all boxes) reads as loading',
    (name) => {
      expect(inputOf(name)({ className: 'select-all' })['aria-label']).toBe('Chargement');
      expect(inputOf(name)({ className: 'other' })['aria-label']).toBeUndefined();
    },
  );
});

describe('less motion for a user who asked their system for it (WCAG 2.3.3)', () => {
  it('without transitions, ripples or pulsing placeholders when asked; with them otherwise', () => {
    for (const name of themeNames) {
      const still = muiTheme(name, 'Loading', true);
      expect(still.transitions.create('opacity')).toBe('none');
      expect(still.transitions.duration.enteringScreen).toBe(0);
      expect(still.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
      expect(still.components?.MuiSkeleton?.defaultProps?.animation).toBe(false);
      // The theme's own settings are kept beside them.
      expect(still.components?.MuiCircularProgress?.defaultProps).toEqual({
        'aria-label': 'Loading',
      });
      const moving = muiTheme(name, 'Loading', false);
      expect(moving.transitions.create('opacity')).not.toBe('none');
      expect(moving.transitions.duration.enteringScreen).toBeGreaterThan(0);
      expect(moving.components?.MuiButtonBase).toBeUndefined();
    }
  });
});

describe('the system setting read at start', () => {
  it('prefersReducedMotion follows the media query, and is false where there is none', () => {
    const saved = globalThis.matchMedia;
    try {
      globalThis.matchMedia = ((query: string) => ({
        matches: query === '(prefers-reduced-motion: reduce)',
      })) as typeof globalThis.matchMedia;
      expect(prefersReducedMotion()).toBe(true);
      expect(muiTheme('nordlog').transitions.create('opacity')).toBe('none');
      globalThis.matchMedia = (() => ({
        matches: false,
      })) as unknown as typeof globalThis.matchMedia;
      expect(prefersReducedMotion()).toBe(false);
      globalThis.matchMedia = undefined as unknown as typeof globalThis.matchMedia;
      expect(prefersReducedMotion()).toBe(false);
    } finally {
      globalThis.matchMedia = saved;
    }
  });
});
