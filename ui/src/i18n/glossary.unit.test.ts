import { describe, expect, it } from '@jest/globals';
import { appMessages } from './appMessages';
import { enumMessages } from './enums';

/**
 * The Nordic messages keep to docs/glossary.md: a slot (a unit's tour in a time window) is
 * "tur" in nb/sv/da and "ajo" in fi, never the English "slot" (nor its Nordic inflections
 * "sloten", "slottar", "slotti"…), and the dispatch page is named as planners name it, not with
 * the rejected literal translations of "dispatch". One word per concept: Swedish shipments are
 * "sändning" (not "försändelse"), Finnish departments "osasto" (not "toimipiste"). Every current
 * and future message is checked.
 */

/** Every leaf of a message tree as `path → text`. */
function flatten(tree: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof tree === 'string') out.set(prefix, tree);
  else if (tree && typeof tree === 'object')
    for (const [k, v] of Object.entries(tree)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

/** The text a user reads: placeholders such as %{slot} are names in code, not words. */
const visibleText = (text: string) => text.replace(/%\{\w+\}/g, ' ');

const nordic = ['nb', 'sv', 'da', 'fi'] as const;

/** Every text a language shows: the app's messages and the enums' labels. */
const allMessages = (locale: (typeof nordic)[number]) =>
  new Map([...flatten(appMessages[locale]), ...flatten(enumMessages[locale], 'enums')]);

/** Words (matched at a word's start, case-insensitive) the glossary rejects, per language. */
const rejected: Record<(typeof nordic)[number], RegExp[]> = {
  nb: [/\bslot/iu, /\butsend(else|ing)/iu],
  sv: [/\bslot/iu, /\butsändning/iu, /\bförsändelse/iu],
  da: [/\bslot/iu, /\budsendelse/iu],
  fi: [/\bslot/iu, /\btoimipiste/iu],
};

/** Deliberate exceptions (`locale:path`), none today. */
const allowed = new Set<string>([]);

/** The glossary's name of the dispatch page. */
const dispatchTerm: Record<(typeof nordic)[number], string> = {
  nb: 'Disponering',
  sv: 'Trafikledning',
  da: 'Disponering',
  fi: 'Ajojärjestely',
};

describe('the Nordic messages keep to the glossary (docs/glossary.md)', () => {
  it('the checks can fail: they catch the words they reject', () => {
    expect(rejected.nb.some((re) => re.test(visibleText('Ny slot')))).toBe(true);
    expect(rejected.sv.some((re) => re.test(visibleText('Inga slottar')))).toBe(true);
    expect(rejected.fi.some((re) => re.test(visibleText('Uusi slotti')))).toBe(true);
    expect(rejected.sv.some((re) => re.test(visibleText('Utsändning')))).toBe(true);
    expect(rejected.nb.some((re) => re.test(visibleText('Tur %{slot} er full')))).toBe(false);
  });

  for (const locale of nordic) {
    it(`no ${locale} message uses a rejected word`, () => {
      const offending = [...allMessages(locale)]
        .filter(([path]) => !allowed.has(`${locale}:${path}`))
        .filter(([, text]) => rejected[locale].some((re) => re.test(visibleText(text))))
        .map(([path, text]) => `${path}: ${text}`);
      expect(offending).toEqual([]);
    });

    it(`the ${locale} dispatch page is named "${dispatchTerm[locale]}" wherever it is named`, () => {
      const names = [...allMessages(locale)]
        .filter(
          ([path]) =>
            /(^|\.)dispatch$/.test(path) ||
            path === 'app.whitelabelName' ||
            path === 'enums.flag.PLANNER_DISPATCHING',
        )
        .map(([, text]) => text);
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(name).toBe(dispatchTerm[locale]);
    });
  }
});
