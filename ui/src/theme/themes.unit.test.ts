import { describe, expect, it } from '@jest/globals';
import { palettes, pickFeatures, pickTheme, themeNames } from './themes';

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
    expect(palettes.nordlog.primary).toBe('#7bc144');
    expect(palettes.whitelabel.primary).not.toBe(palettes.nordlog.primary);
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
