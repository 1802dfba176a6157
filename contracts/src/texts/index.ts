import { z } from 'zod';
import { entityId } from '../common.js';
import { crossFieldRules, evenWithFieldIssues, type Issue } from '../crossFieldRules.js';
import { key } from '../consignments/orderParts.js';
import { serviceCodeTemplateIssue } from '../services/serviceCodes.js';
import { updateShape } from '../updates.js';
import {
  PRE_ADVICE_SMS_MAX,
  preAdvicePlaceholders,
  preAdviceTriggers,
} from '../preAdvice/policies.js';
import { preAdviceTextFields } from '../preAdvice/wording.js';

/**
 * Services and texts (spec §2 `/admin/services-and-texts/*`, §6 ADMIN_TEXTS, §7 `texts {group}`,
 * `getTextById`, `servicesAndVasesTexts`, `serviceMappingData`, `getServiceMappingDataById`;
 * docs/decisions/0081-services-and-texts.md). The spec names the queries and the mapping's two
 * flags only: the text's fields, its groups and its commands are ours.
 *
 * A text is a wording the product shows, kept by the administrators in the six languages: one of
 * a group, named by a key unique in its group. SERVICE texts are keyed by a transport (FREIGHT)
 * article code, VAS texts by a value-added service's VAS code (a SERVICE article's `vasCode`).
 */
export const TEXTS_TABLE = 'rm_texts';
export const TEXTS_ENTITY = 'texts';
/** Every text on one stream: a key is unique in its group, checked in the append that claims it. */
export const TEXTS_STREAM = 'texts';

export const textGroups = ['SERVICE', 'VAS', 'LABEL', 'BOOKING', 'PRE_ADVICE'] as const;
export type TextGroup = (typeof textGroups)[number];
export const textLanguages = ['en', 'nb', 'sv', 'da', 'fi', 'fr'] as const;
export type TextLanguage = (typeof textLanguages)[number];

/** The longest wording of one language. */
export const MAX_TEXT_LENGTH = 1000;

/**
 * The `{placeholders}` a text of each group may hold (filled where the text is shown); any other
 * `{name}` is refused, so a typo is found when the text is saved, not when a customer reads it.
 */
export const textPlaceholders: Readonly<Record<TextGroup, readonly string[]>> = {
  SERVICE: ['code'],
  VAS: ['code', 'quantity'],
  LABEL: ['shipmentId', 'packageId', 'customerName', 'departmentName'],
  BOOKING: ['customerName', 'departmentName', 'date'],
  PRE_ADVICE: preAdvicePlaceholders,
};

/**
 * The keys a PRE_ADVICE text may have (docs/decisions/0100): `sms`, `emailSubject`, `emailBody`,
 * each also for one trigger (`sms.BOOKED`); another key would be read by nothing.
 */
export const preAdviceTextKeyNames: readonly string[] = preAdviceTextFields.flatMap((f) => [
  f,
  ...preAdviceTriggers.map((t) => `${f}.${t}`),
]);

/**
 * A text's issues beyond its fields' own: placeholders its group does not know; a PRE_ADVICE
 * text's key that pre-advice does not read, and an SMS wording longer than an SMS may be.
 */
export function textIssues(t: {
  group: TextGroup;
  key: string;
  texts: Partial<Record<TextLanguage, string>>;
}): Issue[] {
  const issues = placeholderIssues(t.group, t.texts);
  if (t.group !== 'PRE_ADVICE') return issues;
  if (!preAdviceTextKeyNames.includes(t.key))
    issues.push({ path: ['key'], message: 'validation.preAdviceTextKey' });
  if (t.key.startsWith('sms'))
    for (const l of textLanguages)
      if ((t.texts[l] ?? '').length > PRE_ADVICE_SMS_MAX)
        issues.push({ path: ['texts', l], message: 'validation.tooLong' });
  return issues;
}

/** The `{name}` placeholders of a wording, in order. */
export const placeholdersOf = (wording: string): string[] =>
  [...wording.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!);

/**
 * The placeholders of a text's wordings its group does not know (the path of the first wording
 * holding each), as issues on `texts.{language}`.
 */
export function placeholderIssues(
  group: TextGroup,
  texts: Partial<Record<TextLanguage, string>>,
): Issue[] {
  const known = new Set(textPlaceholders[group]);
  return textLanguages.flatMap((l) =>
    placeholdersOf(texts[l] ?? '').some((p) => !known.has(p))
      ? [{ path: ['texts', l], message: 'validation.unknownPlaceholder' as const }]
      : [],
  );
}

/** The wording of a language, else the English one (an empty wording falls back). */
export const textIn = (texts: Record<TextLanguage, string>, language: string): string => {
  const own = (texts as Record<string, string | undefined>)[language];
  return own && own.trim() !== '' ? own : texts.en;
};

const wording = z.string().trim().max(MAX_TEXT_LENGTH, 'validation.tooLong');
export const textWordingsSchema = z.object({
  en: wording.min(1, 'validation.englishRequired'),
  nb: wording.default(''),
  sv: wording.default(''),
  da: wording.default(''),
  fi: wording.default(''),
  fr: wording.default(''),
});
export type TextWordings = z.output<typeof textWordingsSchema>;

const textKey = z
  .string()
  .trim()
  .min(1, 'required')
  .max(60, 'validation.tooLong')
  .regex(/^[A-Za-z0-9_.-]+$/, 'validation.textKey');

const textFields = {
  group: z.enum(textGroups),
  /** Unique in the group: a transport article code (SERVICE), a VAS code (VAS), or a name. */
  key: textKey,
  texts: textWordingsSchema,
};

export const createTextSchema = z.object(textFields).superRefine(
  crossFieldRules((t: { group: TextGroup; key: string; texts: TextWordings }) => textIssues(t)),
  evenWithFieldIssues,
);
/** The group stays (a text of another group is another text); the key and wordings change. */
export const updateTextSchema = z.object({
  id: entityId,
  ...updateShape({ key: textFields.key, texts: textFields.texts }),
});
export const deleteTextSchema = z.object({ id: entityId });

export type TextFields = z.output<typeof createTextSchema>;
export type TextChanges = Omit<z.output<typeof updateTextSchema>, 'id'>;
export interface Text extends TextFields {
  id: string;
}
export interface TextRow extends Text {
  revision: number;
  updatedAtEpoch: number;
  deleted: boolean;
}

export type TextEvent =
  | { type: 'TextCreated'; data: Text }
  | { type: 'TextUpdated'; data: { id: string; changes: TextChanges } }
  | { type: 'TextDeleted'; data: { id: string } };

/** A service or value-added service of the catalogue with its text (`servicesAndVasesTexts`). */
export interface ServiceText {
  /** SERVICE: a transport (FREIGHT) article; VAS: a SERVICE article. */
  group: 'SERVICE' | 'VAS';
  articleId: string;
  articleCode: string;
  /** The text's key: the article code (SERVICE) or its VAS code (VAS). */
  key: string;
  label: string;
  active: boolean;
  /** The text of the group and key, null when none is written. */
  text: TextRow | null;
  /** SERVICE: its mapping's `important` flag (0081), offered first and marked; VAS: false. */
  important: boolean;
  /** SERVICE: its mapping's code template (0093), null for none; VAS: null. */
  serviceCode: string | null;
}

/*
 * Service mapping (spec §3 "Service mapping: important (default false), allowFlexDelivery
 * (default true)"): per service (a transport article) two flags. Kept on the article's own
 * stream, so the row's revision is the article's; every transport article has a row, with the
 * defaults until it is set.
 */
export const SERVICE_MAPPINGS_TABLE = 'rm_service_mappings';
export const SERVICE_MAPPINGS_ENTITY = 'serviceMappings';

export const serviceMappingFlags = {
  important: false,
  allowFlexDelivery: true,
  serviceCode: null,
} as const;

/**
 * A service's code template (docs/decisions/0093): `HD{W}{E}`, expanded per order by weight
 * bracket and time-of-day variant. Null: the order keeps the service's own code.
 */
export const serviceCodeTemplate = z
  .string(key('validation.serviceCode'))
  .trim()
  .superRefine((v, ctx) => {
    const issue = serviceCodeTemplateIssue(v);
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  })
  .nullable();

/** UPDATE_SERVICE_MAPPING: the flags of the transport article `id`; a flag left out keeps its value. */
export const updateServiceMappingSchema = z.object({
  id: entityId,
  ...updateShape({
    important: z.boolean(),
    allowFlexDelivery: z.boolean(),
    serviceCode: serviceCodeTemplate,
  }),
});
export type ServiceMappingChanges = Omit<z.output<typeof updateServiceMappingSchema>, 'id'>;

export interface ServiceMappingRow {
  /** The transport article's id. */
  id: string;
  code: string;
  label: string;
  active: boolean;
  important: boolean;
  allowFlexDelivery: boolean;
  /** The code template (0093), null where the service's own code is used. */
  serviceCode: string | null;
  revision: number;
  updatedAtEpoch: number;
  deleted: boolean;
}

export type ServiceMappingEvent = {
  type: 'ServiceMappingUpdated';
  data: { id: string; changes: ServiceMappingChanges };
};

export const textCommandSchemas = {
  CREATE_TEXT: createTextSchema,
  UPDATE_TEXT: updateTextSchema,
  DELETE_TEXT: deleteTextSchema,
  UPDATE_SERVICE_MAPPING: updateServiceMappingSchema,
} as const;

export const textQuerySchemas = {
  /** Spec §7 `texts {group}`: the texts of a group, by key. */
  texts: z.object({ group: z.enum(textGroups) }).strict(),
  /** Spec §7 `getTextById {id}`. */
  getTextById: z.object({ id: entityId }).strict(),
  /** Spec §7: every service and value-added service of the catalogue with its text. */
  servicesAndVasesTexts: z.object({}).strict(),
  /** Spec §7: every transport article's mapping (the defaults where none is set). */
  serviceMappingData: z.object({}).strict(),
  /** Spec §7 `getServiceMappingDataById {id}`: a transport article's mapping. */
  getServiceMappingDataById: z.object({ id: entityId }).strict(),
} as const;
