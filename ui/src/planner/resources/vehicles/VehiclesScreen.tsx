import { FleetScreen } from '../units/FleetScreen';

/** `/planner/{departmentId}/vehicles/*` (spec §2): vehicle records, a chunk of its own. */
export default function VehiclesScreen() {
  return <FleetScreen kind="vehicles" />;
}
