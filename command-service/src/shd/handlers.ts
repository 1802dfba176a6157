import { shdSettingsStream } from '@nordlog/contracts';
import { departmentOf } from '../consignments/booking.js';
import { assertAdministers } from '../framework/authority.js';
import { target } from '../framework/decider.js';
import type { Handler } from '../framework/handler.js';
import { shdSettingsDecider } from './decider.js';

/** Same-day home delivery settings (docs/decisions/0092-shd.md): a department's, set whole. */
export const shdHandlers = {
  UPSERT_SHD_SETTINGS: (async (fields, ctx) => {
    assertAdministers(ctx.identity, fields.departmentId, `Department ${fields.departmentId}`);
    await departmentOf(ctx, fields.departmentId);
    return [
      target({
        id: fields.departmentId,
        streamId: shdSettingsStream(fields.departmentId),
        decider: shdSettingsDecider,
        command: { type: 'set', fields },
      }),
    ];
  }) satisfies Handler<'UPSERT_SHD_SETTINGS'>,
};
