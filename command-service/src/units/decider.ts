import { readUnitEvent, type UnitFields } from '@nordlog/contracts';
import { referenceDecider } from '../framework/referenceDecider.js';

const decider = referenceDecider<UnitFields, 'UnitCreated', 'UnitUpdated'>({
  label: 'Unit',
  created: 'UnitCreated',
  updated: 'UnitUpdated',
});

/**
 * A unit or vehicle (docs/decisions/0021-planning.md): created, updated field by field; never
 * deleted. Its events are read with their depots normalised (an old 0,0 is no depot,
 * docs/decisions/0041-depot.md), so clearing a depot stored as 0,0 changes nothing.
 */
export const unitDecider: typeof decider = {
  ...decider,
  evolve: (state, event) => decider.evolve(state, readUnitEvent(event)),
};
