import {
  AppError,
  addDays,
  countryTimeZones,
  holidayId,
  holidayStream,
  inScope,
  templateStream,
  unitStream,
  REST_BREAK,
  zonedInstant,
  type Slot,
  type Template,
} from '@nordlog/contracts';
import { departmentOf } from '../consignments/booking.js';
import { target, type Target } from '../framework/decider.js';
import { atomic } from '../framework/execute.js';
import { newId, type Handler, type HandlerContext } from '../framework/handler.js';
import { assertDepartmentsInScope } from '../framework/scope.js';
import { holidayDecider } from '../holidays/decider.js';
import { newSlotTarget } from '../slots/handlers.js';
import { unitDecider } from '../units/decider.js';
import { templateDecider, type TemplateState } from './decider.js';

/** At most this many slots from one CREATE_SLOTS_FROM_TEMPLATE (one atomic append). */
export const MAX_SLOTS_PER_RUN = 5000;

const guard = (ctx: HandlerContext) => (state: TemplateState) => {
  if (state.status !== 'none' && !inScope(ctx.identity, state.template.departmentId, null))
    throw new AppError('NO_ACCESS', 'The template belongs to a department outside your access');
};

const templateTarget = (
  id: string,
  command: Parameters<typeof templateDecider.decide>[0],
  ctx: HandlerContext,
  isNew = false,
): Target =>
  target({
    id,
    streamId: templateStream(id),
    decider: templateDecider,
    command,
    guard: guard(ctx),
    isNew,
  });

/** ISO weekday of a calendar date: 1 Monday … 7 Sunday (spec §9: the week starts on Monday). */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

export const templateHandlers = {
  CREATE_OR_UPDATE_TEMPLATE: (async ({ id: given, ...fields }, ctx) => {
    assertDepartmentsInScope(ctx.identity, [fields.departmentId]);
    await departmentOf(ctx, fields.departmentId);
    const keys = new Set(fields.slots.map((s) => s.key));
    if (keys.size !== fields.slots.length)
      throw new AppError('VALIDATION_ERROR', 'slots: each slot of a template needs its own key');
    if (given) {
      const state = await ctx.load(templateStream(given), templateDecider);
      if (state.status === 'none') throw new AppError('NOT_FOUND', `Template ${given} not found`);
      guard(ctx)(state);
    }
    const id = given ?? (await newId(ctx, 'template'));
    const template: Template = { id, ...fields, weekdays: [...new Set(fields.weekdays)].sort() };
    return [templateTarget(id, { type: 'save', template }, ctx, !given)];
  }) satisfies Handler<'CREATE_OR_UPDATE_TEMPLATE'>,
  DELETE_TEMPLATE: (({ id }, ctx) => [
    templateTarget(id, { type: 'delete', id }, ctx),
  ]) satisfies Handler<'DELETE_TEMPLATE'>,
  /**
   * Slots for each day of the range the template runs on (its weekdays), except days it made
   * slots for already and the department's public holidays; all in one atomic append.
   */
  CREATE_SLOTS_FROM_TEMPLATE: (async ({ templateId, fromDate, toDate }, ctx) => {
    const state = await ctx.load(templateStream(templateId), templateDecider);
    if (state.status !== 'exists')
      throw new AppError('NOT_FOUND', `Template ${templateId} not found`);
    guard(ctx)(state);
    const { template } = state;
    const department = await departmentOf(ctx, template.departmentId);
    const country = department.country;
    const timeZone = countryTimeZones[country] ?? 'Europe/Oslo';
    const done = new Set(state.datesCreated);
    const dates: string[] = [];
    const skipped: { date: string; reason: string }[] = [];
    for (let date = fromDate; date <= toDate; date = addDays(date, 1)) {
      if (!template.weekdays.includes(isoWeekday(date))) continue;
      if (done.has(date)) {
        skipped.push({ date, reason: 'ALREADY_CREATED' });
        continue;
      }
      const hid = holidayId({ country, date, type: 'PUBLIC_HOLIDAY' });
      const holiday = await ctx.load(holidayStream(hid), holidayDecider);
      if (holiday.status === 'exists') {
        skipped.push({ date, reason: 'PUBLIC_HOLIDAY' });
        continue;
      }
      dates.push(date);
    }
    if (dates.length * template.slots.length > MAX_SLOTS_PER_RUN)
      throw new AppError(
        'BAD_REQUEST',
        `toDate: ${dates.length * template.slots.length} slots is more than ${MAX_SLOTS_PER_RUN} at once; choose a shorter range`,
      );
    // A unit that takes a break puts a rest_break stop on its slots (as CREATE_SLOT does).
    const breaks = new Map<string, boolean>();
    for (const ts of template.slots)
      if (ts.unitId && !breaks.has(ts.unitId)) {
        const unit = await ctx.load(unitStream(ts.unitId), unitDecider);
        breaks.set(ts.unitId, unit.status === 'exists' && unit.entity.break.type !== 'NoBreakTime');
      }
    const slots: Target[] = [];
    for (const date of dates)
      for (const ts of template.slots) {
        // One id per day and template slot (a repeated command id gets the same ones again).
        const id = await newId(ctx, 'slot', `${date}:${ts.key}`);
        const slot: Slot = {
          id,
          departmentId: template.departmentId,
          date,
          name: ts.name,
          timeFrom: zonedInstant(date, ts.timeFrom, timeZone).toISOString(),
          timeTo: ts.timeTo ? zonedInstant(date, ts.timeTo, timeZone).toISOString() : null,
          state: 'NOT_STARTED',
          slotMode: ts.slotMode,
          shouldDriverNotReturn: ts.shouldDriverNotReturn,
          courierId: ts.courierId,
          unitId: ts.unitId,
          vehicleId: ts.vehicleId,
          manualPlanning: false,
          areas: [],
          stops: ts.unitId && breaks.get(ts.unitId) ? [{ kind: REST_BREAK }] : [],
          templateId,
        };
        slots.push(newSlotTarget(slot));
      }
    return atomic([
      templateTarget(templateId, { type: 'slotsCreated', id: templateId, dates, skipped }, ctx),
      ...slots,
    ]);
  }) satisfies Handler<'CREATE_SLOTS_FROM_TEMPLATE'>,
};
