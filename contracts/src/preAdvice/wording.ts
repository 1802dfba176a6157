import {
  textFor,
  type PreAdviceChannel,
  type PreAdviceLanguage,
  type PreAdviceText,
  type PreAdviceTrigger,
} from './policies.js';

/**
 * Where a pre-advice takes its words (docs/decisions/0100-pre-advice-texts.md): the policy's own
 * texts, else the company's PRE_ADVICE texts kept in the texts admin (0081), so the wording is
 * changed in one place and a policy needs texts only where it says something else.
 *
 * The admin's keys: `sms`, `emailSubject`, `emailBody`, each also per trigger
 * (`sms.BOOKED`, `emailBody.STOPS_AWAY`, …); a trigger's own key before the general one.
 */
export const preAdviceTextFields = ['sms', 'emailSubject', 'emailBody'] as const;
export type PreAdviceTextField = (typeof preAdviceTextFields)[number];

/** The admin's PRE_ADVICE texts: key → wordings by language (an empty wording: none). */
export type PreAdviceAdminTexts = ReadonlyMap<string, Readonly<Record<string, string | undefined>>>;

/** The admin keys of a field for a trigger, the trigger's own first (a manual attempt: general). */
export const preAdviceTextKeys = (
  field: PreAdviceTextField,
  trigger: PreAdviceTrigger | null,
): string[] => (trigger ? [`${field}.${trigger}`, field] : [field]);

/** Where a channel's words came from; null: the channel is not used. */
export type WordingSource = 'POLICY' | 'TEXTS' | null;

export interface PreAdviceWording {
  smsText: string | null;
  emailSubject: string | null;
  emailBody: string | null;
  from: { sms: WordingSource; email: WordingSource };
  /** The channels the policy's channel needs that have no words anywhere: nothing may be sent. */
  missing: ('sms' | 'email')[];
}

const given = (s: string | null | undefined): s is string => !!s && s.trim() !== '';

/** The admin's wording of a field in one language (the trigger's key first), or null. */
function adminWording(
  admin: PreAdviceAdminTexts,
  field: PreAdviceTextField,
  trigger: PreAdviceTrigger | null,
  language: string,
): string | null {
  for (const key of preAdviceTextKeys(field, trigger)) {
    const w = admin.get(key)?.[language];
    if (given(w)) return w;
  }
  return null;
}

/** The policy's text in exactly this language (the trigger's own before the general one). */
function policyTextIn(
  texts: readonly PreAdviceText[],
  language: PreAdviceLanguage,
  trigger: PreAdviceTrigger | null,
): PreAdviceText | undefined {
  const mine = texts.filter((t) => t.language === language);
  return textFor(mine, language, trigger);
}

type Pair = { words: string[]; from: Exclude<WordingSource, null> } | null;

/**
 * The words of one channel (SMS: its text; e-mail: subject and body, from one source), in this
 * order: the policy's text in the recipient's language, the admin's wording in that language, the
 * policy's text in English or its first (the policy's own fallback, as before 0100), the admin's
 * English wording.
 */
function channelWords(
  policyTexts: readonly PreAdviceText[],
  admin: PreAdviceAdminTexts,
  language: PreAdviceLanguage,
  trigger: PreAdviceTrigger | null,
  fields: readonly PreAdviceTextField[],
): Pair {
  const fromPolicy = (t: PreAdviceText | undefined): Pair => {
    if (!t) return null;
    const words = fields.map((f) => (f === 'sms' ? t.smsText : t[f]));
    return words.every(given) ? { words, from: 'POLICY' } : null;
  };
  const fromAdmin = (lang: string): Pair => {
    const words = fields.map((f) => adminWording(admin, f, trigger, lang));
    return words.every(given) ? { words, from: 'TEXTS' } : null;
  };
  return (
    fromPolicy(policyTextIn(policyTexts, language, trigger)) ??
    fromAdmin(language) ??
    fromPolicy(textFor(policyTexts, language, trigger)) ??
    fromAdmin('en')
  );
}

/** The words of a pre-advice for a recipient's language and the attempt's trigger. */
export function preAdviceWording(
  policy: { channel: PreAdviceChannel; texts: readonly PreAdviceText[] },
  admin: PreAdviceAdminTexts,
  language: PreAdviceLanguage,
  trigger: PreAdviceTrigger | null,
): PreAdviceWording {
  const sms =
    policy.channel !== 'EMAIL'
      ? channelWords(policy.texts, admin, language, trigger, ['sms'])
      : null;
  const email =
    policy.channel !== 'SMS'
      ? channelWords(policy.texts, admin, language, trigger, ['emailSubject', 'emailBody'])
      : null;
  const missing: ('sms' | 'email')[] = [];
  if (policy.channel !== 'EMAIL' && !sms) missing.push('sms');
  if (policy.channel !== 'SMS' && !email) missing.push('email');
  return {
    smsText: sms?.words[0] ?? null,
    emailSubject: email?.words[0] ?? null,
    emailBody: email?.words[1] ?? null,
    from: { sms: sms?.from ?? null, email: email?.from ?? null },
    missing,
  };
}
