import type { JobEvent, JobKey } from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';

/**
 * A job's switch (docs/decisions/0076-admin-jobs.md): one stream per job; a job never switched is
 * enabled. Switching to the state it is in appends nothing (a repeated click changes nothing).
 * Disabling a job while a pass runs is allowed: that pass finishes, no next pass starts.
 */
export interface JobState {
  enabled: boolean;
}

export interface JobSwitch {
  type: 'enable' | 'disable';
  job: JobKey;
  by: string;
  at: string;
}

export const jobDecider: Decider<JobState, JobSwitch, JobEvent> = {
  initialState: { enabled: true },
  evolve(_state, event) {
    switch (event.type) {
      case 'JobEnabled':
        return { enabled: true };
      case 'JobDisabled':
        return { enabled: false };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state) {
    const enable = command.type === 'enable';
    if (state.enabled === enable) return [];
    const data = { id: command.job, changedBy: command.by, changedAt: command.at };
    return [enable ? { type: 'JobEnabled', data } : { type: 'JobDisabled', data }];
  },
};
