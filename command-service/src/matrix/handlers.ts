import { DEPARTMENT_MATRIX_STREAM } from '@nordlog/contracts';
import { departmentOf } from '../consignments/booking.js';
import { assertAdministers } from '../framework/authority.js';
import { target } from '../framework/decider.js';
import { newId, type Handler, type HandlerContext } from '../framework/handler.js';
import { matrixDecider, type MatrixCommand, type MatrixState } from './decider.js';

/** An update or delete acts on an entry of the caller's departments only (docs/decisions/0018). */
const guardEntry = (ctx: HandlerContext, id: string) => (state: MatrixState) => {
  const entry = state.entries[id];
  if (entry) assertAdministers(ctx.identity, entry.departmentId, `Matrix entry ${id}`);
};

const matrixTarget = (ctx: HandlerContext, command: MatrixCommand) =>
  target({
    id: command.id,
    streamId: DEPARTMENT_MATRIX_STREAM,
    decider: matrixDecider,
    command,
    guard: guardEntry(ctx, command.id),
    // Entries of other departments may land in between: decided again on what won.
    redecide: true,
  });

export const matrixHandlers = {
  CREATE_MATRIX_ENTRY: (async (fields, ctx) => {
    assertAdministers(ctx.identity, fields.departmentId, `Department ${fields.departmentId}`);
    const { country } = await departmentOf(ctx, fields.departmentId);
    const id = await newId(ctx, 'matrix_entry');
    return [matrixTarget(ctx, { type: 'create', id, fields, country })];
  }) satisfies Handler<'CREATE_MATRIX_ENTRY'>,
  UPDATE_MATRIX_ENTRY: (async ({ id, ...changes }, ctx) => {
    // A new postal code is checked against the format of the entry's department's country.
    let country = null;
    if (changes.postalCodeFrom !== undefined || changes.postalCodeTo !== undefined) {
      const entry = (await ctx.load(DEPARTMENT_MATRIX_STREAM, matrixDecider)).entries[id];
      if (entry) {
        assertAdministers(ctx.identity, entry.departmentId, `Matrix entry ${id}`);
        country = (await departmentOf(ctx, entry.departmentId)).country;
      }
    }
    return [matrixTarget(ctx, { type: 'update', id, changes, country })];
  }) satisfies Handler<'UPDATE_MATRIX_ENTRY'>,
  DELETE_MATRIX_ENTRY: (({ id }, ctx) => [
    matrixTarget(ctx, { type: 'delete', id }),
  ]) satisfies Handler<'DELETE_MATRIX_ENTRY'>,
};
