import { type CommandName } from '@nordlog/contracts';
import { orderBases } from './basesOrders.js';
import { adminBases } from './basesAdmin.js';
import { planningBases } from './basesPlanning.js';
import { billingBases } from './basesBilling.js';
import { type Base } from './world.js';

/**
 * A valid payload of every command (the table is typed by the registry: a new command needs one).
 * The fuzzer bends these out of shape field by field.
 */
export const commandBases: Record<CommandName, Base> = {
  ...orderBases,
  ...adminBases,
  ...planningBases,
  ...billingBases,
};
