import { jobStream, type JobKey } from '@nordlog/contracts';
import { target } from '../framework/decider.js';
import type { Handler, HandlerContext } from '../framework/handler.js';
import { jobDecider } from './decider.js';

const switchTarget = (type: 'enable' | 'disable', job: JobKey, ctx: HandlerContext) => [
  target({
    id: job,
    streamId: jobStream(job),
    decider: jobDecider,
    command: { type, job, by: ctx.identity.userId, at: ctx.now.toISOString() },
  }),
];

/** ENABLE_JOB and DISABLE_JOB (spec §4, §7; docs/decisions/0076-admin-jobs.md). */
export const jobHandlers = {
  ENABLE_JOB: (({ job }, ctx) => switchTarget('enable', job, ctx)) satisfies Handler<'ENABLE_JOB'>,
  DISABLE_JOB: (({ job }, ctx) =>
    switchTarget('disable', job, ctx)) satisfies Handler<'DISABLE_JOB'>,
};
