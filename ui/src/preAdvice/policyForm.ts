import {
  PRE_ADVICE_MAX_STOPS_AWAY,
  createPreAdvicePolicySchema,
  preAdviceLanguages,
  preAdvicePlaceholders,
  preAdviceTriggers,
  unknownPlaceholders,
  type PreAdviceChannel,
  type PreAdviceLanguage,
  type PreAdvicePolicy,
  type PreAdviceTrigger,
} from '@nordlog/contracts';

/** Whose orders a policy covers (exactly one, docs/decisions/0062). */
export type OwnerKind = 'departmentId' | 'customerGroupId' | 'customerId';
export const ownerKinds: readonly OwnerKind[] = ['departmentId', 'customerGroupId', 'customerId'];

export interface TextValues {
  smsText: string;
  emailSubject: string;
  emailBody: string;
}

/** The policy form's fields as typed. */
export interface PolicyValues {
  name: string;
  ownerKind: OwnerKind;
  owner: string;
  serviceId: string;
  triggers: PreAdviceTrigger[];
  channel: PreAdviceChannel;
  smsVasCode: string;
  /** STOPS_AWAY's number of stops (typed). */
  stopsAway: string;
  /** The languages given, in the web app's order. */
  languages: PreAdviceLanguage[];
  /** The triggers that have texts of their own (else they take the texts for every trigger). */
  ownTexts: PreAdviceTrigger[];
  /** The texts by slot (`textSlot`): a language's for every trigger, or for one trigger. */
  texts: Record<string, TextValues>;
}

/** Where a text is kept in the form: `nb` (every trigger) or `nb:STOPS_AWAY` (that trigger's). */
export const textSlot = (language: PreAdviceLanguage, trigger: PreAdviceTrigger | null) =>
  trigger ? `${language}:${trigger}` : language;

export const emptyText = (): TextValues => ({ smsText: '', emailSubject: '', emailBody: '' });

/** A new policy's fields, or a copy of `policy`'s (an edit makes a new policy of them). */
export function policyValues(policy: PreAdvicePolicy | null): PolicyValues {
  const texts: Record<string, TextValues> = {};
  for (const t of policy?.texts ?? [])
    texts[textSlot(t.language, t.trigger ?? null)] = {
      smsText: t.smsText ?? '',
      emailSubject: t.emailSubject ?? '',
      emailBody: t.emailBody ?? '',
    };
  const given = new Set((policy?.texts ?? []).map((t) => t.language));
  const own = new Set((policy?.texts ?? []).flatMap((t) => (t.trigger ? [t.trigger] : [])));
  const ownerKind: OwnerKind = policy?.customerId
    ? 'customerId'
    : policy?.customerGroupId
      ? 'customerGroupId'
      : 'departmentId';
  return {
    name: policy?.name ?? '',
    ownerKind,
    owner: policy?.[ownerKind] ?? '',
    serviceId: policy?.serviceId ?? '',
    triggers: policy?.triggers ?? ['DAY_BEFORE'],
    channel: policy?.channel ?? 'SMS',
    smsVasCode: policy?.smsVasCode ?? '',
    stopsAway: policy?.stopsAway == null ? '3' : String(policy.stopsAway),
    languages: policy ? preAdviceLanguages.filter((l) => given.has(l)) : ['en'],
    ownTexts: preAdviceTriggers.filter((t) => own.has(t)),
    texts,
  };
}

/** Which text fields the channel asks for. */
export const fieldsOf = (channel: PreAdviceChannel): (keyof TextValues)[] => [
  ...(channel !== 'EMAIL' ? (['smsText'] as const) : []),
  ...(channel !== 'SMS' ? (['emailSubject', 'emailBody'] as const) : []),
];

/** The command's payload of the fields (texts of the languages given, the channel's fields only). */
export function policyPayload(v: PolicyValues) {
  const fields = fieldsOf(v.channel);
  const text = (s: string) => (s.trim() === '' ? null : s);
  return {
    name: v.name,
    customerId: v.ownerKind === 'customerId' ? v.owner.trim() || null : null,
    customerGroupId: v.ownerKind === 'customerGroupId' ? v.owner.trim() || null : null,
    departmentId: v.ownerKind === 'departmentId' ? v.owner.trim() || null : null,
    serviceId: text(v.serviceId),
    triggers: v.triggers,
    channel: v.channel,
    smsVasCode: text(v.smsVasCode),
    stopsAway: v.triggers.includes('STOPS_AWAY')
      ? /^\d+$/.test(v.stopsAway.trim())
        ? Number(v.stopsAway.trim())
        : Number.NaN
      : null,
    texts: [null, ...v.ownTexts.filter((t) => v.triggers.includes(t))].flatMap((trigger) =>
      preAdviceLanguages
        .filter((l) => v.languages.includes(l))
        .map((language) => {
          const given = v.texts[textSlot(language, trigger)] ?? emptyText();
          return {
            language,
            trigger,
            smsText: fields.includes('smsText') ? text(given.smsText) : null,
            emailSubject: fields.includes('emailSubject') ? text(given.emailSubject) : null,
            emailBody: fields.includes('emailBody') ? text(given.emailBody) : null,
          };
        }),
    ),
  };
}

/**
 * What is wrong with the fields, by field (`name`, `owner`, `triggers`, `texts`,
 * `{text slot}.{field}`), as message keys with their arguments: the command's own schema decides
 * (the server checks the same), and a placeholder that does not exist is named.
 */
export type FieldProblem = { key: string; args?: Record<string, string> };
export function policyProblems(v: PolicyValues): Record<string, FieldProblem> {
  const found: Record<string, FieldProblem> = {};
  const payload = policyPayload(v);
  for (const t of payload.texts)
    for (const field of ['smsText', 'emailSubject', 'emailBody'] as const) {
      const unknown = unknownPlaceholders(t[field] ?? '');
      if (unknown.length > 0)
        found[`${textSlot(t.language, t.trigger)}.${field}`] = {
          key: 'preAdvice.form.unknownPlaceholder',
          args: {
            unknown: unknown.map((u) => `{${u}}`).join(', '),
            allowed: preAdvicePlaceholders.map((p) => `{${p}}`).join(', '),
          },
        };
    }
  const parsed = createPreAdvicePolicySchema.safeParse(payload);
  if (parsed.success) return found;
  for (const issue of parsed.error.issues) {
    const [head, index, field] = issue.path.map(String);
    if (head === 'texts' && index !== undefined && field !== undefined) {
      const given = payload.texts[Number(index)];
      const at = given ? `${textSlot(given.language, given.trigger)}.${field}` : '';
      if (given && !found[at])
        found[at] =
          issue.code === 'too_big'
            ? { key: 'preAdvice.form.tooLong', args: { max: String(issue.maximum) } }
            : { key: 'preAdvice.form.textNeeded' };
    } else if (head === 'texts') found.texts ??= { key: 'preAdvice.form.languageNeeded' };
    else if (head === 'customerId' || head === 'customerGroupId' || head === 'departmentId')
      found.owner ??= { key: 'preAdvice.form.ownerNeeded' };
    else if (head === 'triggers') found.triggers ??= { key: 'preAdvice.form.triggerNeeded' };
    else if (head === 'stopsAway')
      found.stopsAway ??= {
        key: 'preAdvice.form.stopsAwayRange',
        args: { max: String(PRE_ADVICE_MAX_STOPS_AWAY) },
      };
    else if (head) found[head] ??= { key: 'preAdvice.form.invalid' };
  }
  return found;
}
