import type { UnitFields } from '@nordlog/contracts';
import { referenceDecider } from '../framework/referenceDecider.js';

/** A unit or vehicle (docs/decisions/0021-planning.md): created, updated field by field; never deleted. */
export const unitDecider = referenceDecider<UnitFields, 'UnitCreated', 'UnitUpdated'>({
  label: 'Unit',
  created: 'UnitCreated',
  updated: 'UnitUpdated',
});
