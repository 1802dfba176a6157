import { FleetScreen } from './FleetScreen';

/** `/planner/{departmentId}/units/*` and `/units-new/*` (spec §2): a chunk of its own. */
export default function UnitsScreen() {
  return <FleetScreen kind="units" />;
}
