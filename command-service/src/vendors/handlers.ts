import { AppError, VENDORS_STREAM, unitStream } from '@nordlog/contracts';
import { assertAdministers } from '../framework/authority.js';
import { target } from '../framework/decider.js';
import { newId, type Handler, type HandlerContext } from '../framework/handler.js';
import { assertDepartmentsExist } from '../framework/references.js';
import { unitDecider } from '../units/decider.js';
import { vendorsDecider, type VendorCommand, type VendorsState } from './decider.js';

/** A vendor is changed only by administrators of its department (docs/decisions/0091). */
const guardVendor = (ctx: HandlerContext, id: string) => (state: VendorsState) => {
  const vendor = state.vendors[id];
  if (vendor) assertAdministers(ctx.identity, vendor.departmentId, `Vendor ${id}`);
};

const vendorTarget = (ctx: HandlerContext, command: VendorCommand, redecide = true) =>
  target({
    id: command.id,
    streamId: VENDORS_STREAM,
    decider: vendorsDecider,
    command,
    guard: guardVendor(ctx, command.id),
    // Other vendors' changes may land in between: decided again on what won.
    redecide,
  });

/**
 * The units a site takes: existing units (or vehicles) of the vendor's own department; any other
 * is refused on `unitIds` before anything is written.
 */
async function assertUnits(ctx: HandlerContext, vendorId: string, unitIds: readonly string[]) {
  const vendors = await ctx.load(VENDORS_STREAM, vendorsDecider);
  const vendor = vendors.vendors[vendorId];
  if (!vendor) throw new AppError('NOT_FOUND', `Vendor ${vendorId} not found`);
  assertAdministers(ctx.identity, vendor.departmentId, `Vendor ${vendorId}`);
  const wrong: string[] = [];
  for (const id of unitIds) {
    const unit = await ctx.load(unitStream(id), unitDecider);
    if (unit.status !== 'exists' || unit.entity.departmentId !== vendor.departmentId)
      wrong.push(id);
  }
  if (wrong.length > 0)
    throw AppError.of([
      {
        errorType: 'VALIDATION_ERROR',
        description: `payload.unitIds: no units of the vendor's department ${vendor.departmentId}: ${wrong.join(', ')}`,
        params: { field: 'unitIds', key: 'validation.unknownId' },
      },
    ]);
}

/** Vendors (spec §1, §7; docs/decisions/0091-vendors.md). */
export const vendorHandlers = {
  CREATE_VENDOR: (async (fields, ctx) => {
    assertAdministers(ctx.identity, fields.departmentId, `Department ${fields.departmentId}`);
    await assertDepartmentsExist(ctx, [fields.departmentId], 'departmentId');
    const id = await newId(ctx, 'vendor');
    return [vendorTarget(ctx, { type: 'create', id, fields })];
  }) satisfies Handler<'CREATE_VENDOR'>,
  UPDATE_VENDOR: (({ id, ...changes }, ctx) => [
    vendorTarget(ctx, { type: 'update', id, changes }),
  ]) satisfies Handler<'UPDATE_VENDOR'>,
  DELETE_VENDOR: (({ id }, ctx) => [
    vendorTarget(ctx, { type: 'delete', id }),
  ]) satisfies Handler<'DELETE_VENDOR'>,
  CONNECT_UNITS_TO_VENDOR_SITE: (async ({ vendorId, siteCode, unitIds }, ctx) => {
    await assertUnits(ctx, vendorId, unitIds);
    return [vendorTarget(ctx, { type: 'connect', id: vendorId, siteCode, unitIds })];
  }) satisfies Handler<'CONNECT_UNITS_TO_VENDOR_SITE'>,
};
