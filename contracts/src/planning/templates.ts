import { z } from 'zod';
import { calendarDate, entityId, hhmm, nonEmptyText } from '../common.js';
import { slotModes } from './slots.js';

export const TEMPLATES_TABLE = 'rm_templates';
export const TEMPLATES_ENTITY = 'templates';

/** Spec §9: the week starts on Monday; 1 is Monday and 7 Sunday (ISO 8601). */
export const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;

/** A slot of a template: what each day's slot is made of, its times local to the department. */
export const templateSlotSchema = z
  .object({
    /** Stable within the template, so the slots made from it can be told apart. */
    key: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,40}$/)
      .default(() => crypto.randomUUID()),
    name: nonEmptyText.max(100),
    timeFrom: hhmm,
    timeTo: hhmm.nullable().default(null),
    slotMode: z.enum(slotModes).default('ROUTE'),
    shouldDriverNotReturn: z.boolean().default(true),
    courierId: entityId.nullable().default(null),
    unitId: entityId.nullable().default(null),
    vehicleId: entityId.nullable().default(null),
  })
  .refine((s) => s.timeTo === null || s.timeTo > s.timeFrom, {
    path: ['timeTo'],
    error: 'validation.timeWindow',
  });
export type TemplateSlot = z.output<typeof templateSlotSchema>;

export const templateFields = {
  departmentId: entityId,
  name: nonEmptyText.max(100),
  weekdays: z.array(z.number().int().min(1).max(7)).min(1).max(7).default([1, 2, 3, 4, 5]),
  slots: z.array(templateSlotSchema).min(1).max(500),
};

/**
 * CREATE_OR_UPDATE_TEMPLATE (spec §7 names it, not its payload): without `id` a new template, with
 * it the whole template replaced (its department stays).
 */
export const createOrUpdateTemplateSchema = z.object({
  id: entityId.optional(),
  ...templateFields,
});
/** Spec §7 CREATE_SLOTS_FROM_TEMPLATE: a date range of at most 62 days. */
export const MAX_TEMPLATE_DAYS = 62;
export const createSlotsFromTemplateSchema = z
  .object({ templateId: entityId, fromDate: calendarDate, toDate: calendarDate })
  .refine((v) => v.toDate >= v.fromDate, { path: ['toDate'], error: 'validation.dateRange' })
  .refine((v) => (Date.parse(v.toDate) - Date.parse(v.fromDate)) / 86_400_000 < MAX_TEMPLATE_DAYS, {
    path: ['toDate'],
    error: 'validation.dateRangeTooLong',
  });
export const deleteTemplateSchema = z.object({ id: entityId });

export interface Template {
  id: string;
  departmentId: string;
  name: string;
  weekdays: number[];
  slots: TemplateSlot[];
}
export interface TemplateRow extends Template {
  /** The days slots were made from the template. */
  datesCreated: string[];
  revision: number;
  updatedAtEpoch: number;
  deleted: boolean;
}

export type TemplateEvent =
  | { type: 'TemplateSaved'; data: Template }
  | { type: 'TemplateDeleted'; data: { id: string } }
  | {
      type: 'SlotsCreatedFromTemplate';
      data: { id: string; dates: string[]; skipped: { date: string; reason: string }[] };
    };

export const templateStream = (id: string) => `template-${id}`;

export const templateCommandSchemas = {
  CREATE_OR_UPDATE_TEMPLATE: createOrUpdateTemplateSchema,
  CREATE_SLOTS_FROM_TEMPLATE: createSlotsFromTemplateSchema,
  DELETE_TEMPLATE: deleteTemplateSchema,
} as const;

export const templatesQuerySchema = z.object({
  departmentIds: z.array(entityId).max(1000).optional(),
});
