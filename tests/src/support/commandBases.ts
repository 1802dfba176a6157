/**
 * A world with one entity of every kind and a valid payload of every command in it (typed by the
 * registry: a new command needs one). The fuzzing suite bends the payloads out of shape; the
 * references suite points their id fields elsewhere.
 */
export {
  DATE,
  EMPTY_DAY,
  ONE_PIXEL_PNG,
  block,
  openDay,
  type Payload,
  type World,
} from './commandBases/world.js';
export { commandBases } from './commandBases/table.js';
export { buildWorld } from './commandBases/build.js';
