import type { Locale } from '../locales';

/**
 * The texts of a customer's deletion and a number series' edit (docs/decisions/0099) in the six
 * languages, spread into each language's `validation` and `errors`.
 */
const en = {
  validation: {
    seriesEndBeforeNext: 'The range must not end before a number already handed out (or its start)',
    serialBeyondPrefix: 'More digits than the company prefix leaves for the serial',
  },
  errors: {
    IN_USE: 'Still in use (%{references}): remove or move those first',
  },
};
type Texts = typeof en;

const nb: Texts = {
  validation: {
    seriesEndBeforeNext:
      'Serien kan ikke slutte før et nummer som alt er delt ut (eller før starten)',
    serialBeyondPrefix: 'Flere sifre enn firmaprefikset gir plass til i serienummeret',
  },
  errors: { IN_USE: 'Fortsatt i bruk (%{references}): fjern eller flytt disse først' },
};
const sv: Texts = {
  validation: {
    seriesEndBeforeNext:
      'Serien får inte sluta före ett nummer som redan delats ut (eller före starten)',
    serialBeyondPrefix: 'Fler siffror än företagsprefixet lämnar åt serienumret',
  },
  errors: { IN_USE: 'Används fortfarande (%{references}): ta bort eller flytta dem först' },
};
const da: Texts = {
  validation: {
    seriesEndBeforeNext:
      'Serien må ikke slutte før et nummer, der allerede er udleveret (eller før starten)',
    serialBeyondPrefix: 'Flere cifre end virksomhedspræfikset giver plads til i serienummeret',
  },
  errors: { IN_USE: 'Stadig i brug (%{references}): fjern eller flyt dem først' },
};
const fi: Texts = {
  validation: {
    seriesEndBeforeNext: 'Sarja ei voi päättyä ennen jo annettua numeroa (tai ennen alkuaan)',
    serialBeyondPrefix: 'Enemmän numeroita kuin yritysetuliite jättää sarjanumerolle',
  },
  errors: { IN_USE: 'Yhä käytössä (%{references}): poista tai siirrä ne ensin' },
};
const fr: Texts = {
  validation: {
    seriesEndBeforeNext:
      'La plage ne peut pas finir avant un numéro déjà attribué (ni avant son début)',
    serialBeyondPrefix:
      "Plus de chiffres que le préfixe d'entreprise n'en laisse au numéro de série",
  },
  errors: { IN_USE: "Encore utilisé (%{references}) : supprimez-les ou déplacez-les d'abord" },
};

export const adminIdsMessages: Record<Locale, Texts> = { en, nb, sv, da, fi, fr };
