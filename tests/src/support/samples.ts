import { type UpdateCommandName } from '@nordlog/contracts';
import { type SampleOf } from './samples/base.js';
import { organisationSamples } from './samples/organisation.js';
import { orderSamples } from './samples/orders.js';
import { userAndFleetSamples } from './samples/usersAndFleet.js';
import { integrationSamples } from './samples/integrations.js';
import { contentSamples } from './samples/content.js';
import { catalogueSamples } from './samples/catalogue.js';

export {
  matrixBlock,
  productionWeek,
  seriesPrefix,
  type SampleWorld,
  type UpdateSample,
} from './samples/base.js';
export { sampleFleet, samplePlanned, sampleUnit } from './samples/world.js';

/** Every update command's sample, by feature (a missing command fails the type check). */
export const updateSamples: Record<UpdateCommandName, SampleOf> = {
  ...organisationSamples,
  ...orderSamples,
  ...userAndFleetSamples,
  ...integrationSamples,
  ...contentSamples,
  ...catalogueSamples,
};
