import { PRODUCTION_TIME_WINDOWS_STREAM, departmentTimeWindowStream } from '@nordlog/contracts';
import { departmentOf } from '../consignments/booking.js';
import { assertAdministers } from '../framework/authority.js';
import { target } from '../framework/decider.js';
import { newId, type Handler, type HandlerContext } from '../framework/handler.js';
import {
  departmentWeekDecider,
  productionWindowsDecider,
  type ProductionCommand,
  type ProductionState,
} from './decider.js';

/** An edit or delete acts on a window of the caller's departments only (docs/decisions/0018). */
const guardWindow = (ctx: HandlerContext, id: string) => (state: ProductionState) => {
  const window = state.windows[id];
  if (window) assertAdministers(ctx.identity, window.departmentId, `Production time window ${id}`);
};

const productionTarget = (ctx: HandlerContext, command: ProductionCommand) =>
  target({
    id: command.id,
    streamId: PRODUCTION_TIME_WINDOWS_STREAM,
    decider: productionWindowsDecider,
    command,
    guard: guardWindow(ctx, command.id),
    // Windows of other departments may land in between: decided again on what won.
    redecide: true,
  });

export const timeWindowHandlers = {
  UPSERT_DEPARTMENT_TIME_WINDOW: (async (fields, ctx) => {
    assertAdministers(ctx.identity, fields.departmentId, `Department ${fields.departmentId}`);
    await departmentOf(ctx, fields.departmentId);
    return [
      target({
        id: fields.departmentId,
        streamId: departmentTimeWindowStream(fields.departmentId),
        decider: departmentWeekDecider,
        command: { type: 'set', fields },
      }),
    ];
  }) satisfies Handler<'UPSERT_DEPARTMENT_TIME_WINDOW'>,
  ADD_PRODUCTION_TIME_WINDOW: (async (fields, ctx) => {
    assertAdministers(ctx.identity, fields.departmentId, `Department ${fields.departmentId}`);
    await departmentOf(ctx, fields.departmentId);
    const id = await newId(ctx, 'production_time_window');
    return [productionTarget(ctx, { type: 'add', id, fields })];
  }) satisfies Handler<'ADD_PRODUCTION_TIME_WINDOW'>,
  EDIT_PRODUCTION_TIME_WINDOW: (({ id, ...changes }, ctx) => [
    productionTarget(ctx, { type: 'edit', id, changes }),
  ]) satisfies Handler<'EDIT_PRODUCTION_TIME_WINDOW'>,
  DELETE_PRODUCTION_TIME_WINDOW: (({ id }, ctx) => [
    productionTarget(ctx, { type: 'delete', id }),
  ]) satisfies Handler<'DELETE_PRODUCTION_TIME_WINDOW'>,
};
