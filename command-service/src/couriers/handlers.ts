import { AppError, courierLocationStream } from '@nordlog/contracts';
import { target } from '../framework/decider.js';
import type { Handler } from '../framework/handler.js';
import { courierLocationDecider } from './decider.js';

export const courierHandlers = {
  /** Spec §6: the restricted courier role reports its own location, nobody else's. */
  SET_COURIER_LOCATION: ((payload, { identity }) => {
    if (identity.courierId !== payload.courierId)
      throw new AppError('NO_ACCESS', 'A courier reports only its own location');
    const location = {
      id: payload.courierId,
      latitude: payload.latitude,
      longitude: payload.longitude,
      accuracy: payload.accuracy,
      at: new Date(payload.timestamp).toISOString(),
      userId: identity.userId,
      departmentIds: identity.departmentIds === '*' ? [] : [...identity.departmentIds],
    };
    return [
      target({
        id: payload.courierId,
        streamId: courierLocationStream(payload.courierId),
        decider: courierLocationDecider,
        command: { type: 'report', location },
      }),
    ];
  }) satisfies Handler<'SET_COURIER_LOCATION'>,
};
