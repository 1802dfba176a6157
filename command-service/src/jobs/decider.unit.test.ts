import { describe, it } from '@jest/globals';
import type { JobEvent } from '@nordlog/contracts';
import { given } from '../framework/testing.js';
import { jobDecider } from './decider.js';

const at = '2026-12-04T03:00:00.000Z';
const data = { id: 'RETENTION' as const, changedBy: '7', changedAt: at };
const disabled: JobEvent = { type: 'JobDisabled', data };
const enabled: JobEvent = { type: 'JobEnabled', data };
const cmd = (type: 'enable' | 'disable') => ({ type, job: 'RETENTION' as const, by: '7', at });

describe('a job switch', () => {
  it('S4-FLOW-023 S7-CMD-058 DISABLE_JOB disables an enabled job (a job never switched is enabled)', () => {
    given(jobDecider).when(cmd('disable')).then([disabled]);
  });
  it('S4-FLOW-023 S7-CMD-058 ENABLE_JOB enables it again', () => {
    given(jobDecider, [disabled]).when(cmd('enable')).then([enabled]);
  });
  it('switching to the state it is in appends nothing', () => {
    given(jobDecider).when(cmd('enable')).thenNothing();
    given(jobDecider, [disabled]).when(cmd('disable')).thenNothing();
    given(jobDecider, [disabled, enabled]).when(cmd('enable')).thenNothing();
  });
});
