import {
  AppError,
  validationMessages,
  vendorIssues,
  type Vendor,
  type VendorChanges,
  type VendorEvent,
  type VendorFields,
} from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';
import { refusedField } from '../framework/refusals.js';
import {
  sameValue,
  withChanges,
  withoutRecord,
  withRecord,
  type Records,
} from '../framework/records.js';

/**
 * Vendors (docs/decisions/0091-vendors.md): every vendor on one stream, so that a unit is at one
 * site at most (connecting it moves it: the vendor it leaves changes in the same append), and a
 * vendor or site with units connected is not deleted.
 */
export interface VendorsState {
  vendors: Records<Vendor>;
}
export type VendorCommand =
  | { type: 'create'; id: string; fields: VendorFields }
  | { type: 'update'; id: string; changes: VendorChanges }
  | { type: 'delete'; id: string }
  | { type: 'connect'; id: string; siteCode: string; unitIds: string[] };

function assertValid(vendor: Vendor): void {
  const issues = vendorIssues(vendor);
  if (issues.length > 0)
    throw AppError.of(
      issues.map((i) => {
        const field = i.path.map(String).join('.');
        return {
          errorType: 'VALIDATION_ERROR' as const,
          description: `payload.${field}: ${validationMessages[i.message]}`,
          params: { field, key: i.message },
        };
      }),
    );
}

const found = (state: VendorsState, id: string): Vendor => {
  const vendor = state.vendors[id];
  if (!vendor) throw new AppError('NOT_FOUND', `Vendor ${id} not found`);
  return vendor;
};

/** A site's key in `units`: its code as the operator typed it, compared without case. */
const siteOf = (vendor: Vendor, code: string) =>
  vendor.sites.find((s) => s.code.toUpperCase() === code.toUpperCase());

export const vendorsDecider: Decider<VendorsState, VendorCommand, VendorEvent> = {
  initialState: { vendors: {} },
  evolve(state, event) {
    switch (event.type) {
      case 'VendorCreated':
        return { vendors: withRecord(state.vendors, event.data.id, event.data) };
      case 'VendorUpdated':
        return { vendors: withChanges(state.vendors, event.data.id, event.data.changes) };
      case 'VendorDeleted':
        return { vendors: withoutRecord(state.vendors, event.data.id) };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'create': {
        const vendor: Vendor = { id: command.id, ...command.fields, units: {} };
        assertValid(vendor);
        return [{ type: 'VendorCreated', data: vendor }];
      }
      case 'update': {
        const current = found(state, command.id);
        const changes = Object.fromEntries(
          Object.entries(command.changes).filter(
            ([k, v]) => v !== undefined && !sameValue(v, current[k as keyof Vendor]),
          ),
        ) as VendorChanges;
        if (Object.keys(changes).length === 0) return [];
        const next = { ...current, ...changes };
        assertValid(next);
        // A site removed (or renamed away) must have no units: they would be nowhere.
        for (const [code, units] of Object.entries(current.units))
          if (units.length > 0 && !siteOf(next, code))
            throw refusedField(
              'sites',
              'validation.siteHasUnits',
              `site ${code}: units ${units.join(', ')}`,
            );
        return [{ type: 'VendorUpdated', data: { id: command.id, changes } }];
      }
      case 'delete': {
        const current = found(state, command.id);
        const connected = Object.values(current.units).flat();
        if (connected.length > 0)
          throw new AppError(
            'INVALID_STATE_TRANSITION',
            `Vendor ${command.id} has units connected (${connected.join(', ')}): connect them elsewhere or release them first`,
          );
        return [{ type: 'VendorDeleted', data: { id: command.id } }];
      }
      case 'connect': {
        const current = found(state, command.id);
        const site = siteOf(current, command.siteCode);
        if (!site) throw refusedField('siteCode', 'validation.unknownSite', command.siteCode);
        const wanted = new Set(command.unitIds);
        const events: VendorEvent[] = [];
        // The vendors the units leave (this one's other sites included) lose them.
        for (const other of Object.values(state.vendors)) {
          const units = Object.fromEntries(
            Object.entries(other.units).map(([code, ids]) => [
              code,
              other.id === current.id && code === site.code
                ? ids
                : ids.filter((u) => !wanted.has(u)),
            ]),
          );
          if (other.id === current.id) {
            units[site.code] = command.unitIds;
            const cleaned = Object.fromEntries(
              Object.entries(units).filter(([, ids]) => ids.length),
            );
            if (!sameValue(cleaned, other.units))
              events.push({
                type: 'VendorUpdated',
                data: { id: other.id, changes: { units: cleaned } },
              });
          } else if (!sameValue(units, other.units)) {
            const cleaned = Object.fromEntries(
              Object.entries(units).filter(([, ids]) => ids.length),
            );
            events.push({
              type: 'VendorUpdated',
              data: { id: other.id, changes: { units: cleaned } },
            });
          }
        }
        return events;
      }
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
