import { describe, expect, it } from '@jest/globals';
import { AppError } from '../errors.js';
import { consignmentsQuerySchema } from './gridRow.js';
import {
  assertConsignmentState,
  consignmentStates,
  isNotCollected,
  stateRank,
  stateStyle,
} from './states.js';
import { canTransition, consignmentTransitions, rowFlags } from './transitions.js';
import { normaliseUnit } from './units.js';

describe('consignment states', () => {
  it('S4-STATE-001 are exactly the spec list in ranking order', () => {
    expect(consignmentStates).toEqual([
      'DELETED',
      'RETURNED',
      'DELIVERED',
      'DEVIATED',
      'COLLECTED',
      'ASSIGNED',
      'REFUSED',
      'OFFERED',
      'REJECTED',
      'RESOLVED',
      'UNRESOLVED',
      'UNCONFIRMED',
      'CREATED',
    ]);
    const shuffled = [...consignmentStates].reverse();
    expect(shuffled.sort((a, b) => stateRank(a) - stateRank(b))).toEqual([...consignmentStates]);
  });
  it('S4-STATE-002 the not-collected group is the eight states of the spec', () => {
    const notCollected = consignmentStates.filter(isNotCollected);
    expect(new Set(notCollected)).toEqual(
      new Set([
        'CREATED',
        'UNRESOLVED',
        'RESOLVED',
        'REJECTED',
        'OFFERED',
        'ASSIGNED',
        'REFUSED',
        'UNCONFIRMED',
      ]),
    );
  });
  it('S4-STATE-003 S4-STATE-004 S4-STATE-005 S4-STATE-006 display styles: success, danger, warning, neutral', () => {
    expect(stateStyle('DELIVERED')).toBe('success');
    for (const s of ['DEVIATED', 'REJECTED', 'DELETED']) expect(stateStyle(s)).toBe('danger');
    for (const s of ['UNRESOLVED', 'RETURNED', 'UNCONFIRMED'])
      expect(stateStyle(s)).toBe('warning');
    for (const s of ['COLLECTED', 'ASSIGNED', 'REFUSED', 'OFFERED', 'RESOLVED', 'CREATED'])
      expect(stateStyle(s)).toBe('neutral');
  });
  it('S4-STATE-007 S8-ERR-023 an unknown state is the error "Unknown consignment state"', () => {
    expect(() => stateStyle('FOO')).toThrow('Unknown consignment state');
    expect(() => assertConsignmentState('FOO')).toThrow(AppError);
    const parsed = consignmentsQuerySchema.safeParse({ states: ['FOO'] });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toBe('Unknown consignment state');
  });
});

describe('transition table and row flags', () => {
  it('every transition starts from known states and never leaves DELETED except by restore', () => {
    for (const [action, t] of Object.entries(consignmentTransitions)) {
      for (const s of t.from) expect(consignmentStates).toContain(s);
      if (action !== 'restore') expect(t.from as readonly string[]).not.toContain('DELETED');
    }
  });
  it('terminal states: nothing but restore leaves DELIVERED or RETURNED', () => {
    for (const action of Object.keys(
      consignmentTransitions,
    ) as (keyof typeof consignmentTransitions)[]) {
      expect(canTransition(action, 'DELIVERED')).toBe(false);
      expect(canTransition(action, 'RETURNED')).toBe(false);
    }
  });
  it('S5-VAL-072 rows are editable by default unless a loadCarrierId is set', () => {
    expect(rowFlags('RESOLVED', null).isEditable).toBe(true);
    expect(rowFlags('RESOLVED', 'LC1').isEditable).toBe(false);
    expect(rowFlags('DELIVERED', null).isEditable).toBe(false);
  });
  it('assignable only when resolved and unplanned; deletable as the table says; DELETED not selectable', () => {
    expect(rowFlags('RESOLVED', null)).toMatchObject({
      isAssignable: true,
      isDeletable: true,
      isSelectable: true,
    });
    expect(rowFlags('UNRESOLVED', null).isAssignable).toBe(false);
    expect(rowFlags('COLLECTED', null).isDeletable).toBe(false);
    expect(rowFlags('DELETED', null)).toMatchObject({
      isSelectable: false,
      isDeletable: false,
      isEditable: false,
    });
  });
});

describe('unit normalisation', () => {
  it('S3-ENT-015 normalises to KGM, DMQ and CMT', () => {
    expect(normaliseUnit('weight', 500, 'GRM')).toEqual({
      value: 0.5,
      unit: 'KGM',
      unknownUnit: false,
    });
    expect(normaliseUnit('volume', 1, 'MTQ')).toEqual({
      value: 1000,
      unit: 'DMQ',
      unknownUnit: false,
    });
    expect(normaliseUnit('length', 1, 'MTR')).toEqual({
      value: 100,
      unit: 'CMT',
      unknownUnit: false,
    });
    expect(normaliseUnit('length', 1, 'km').value).toBe(100_000);
    expect(normaliseUnit('length', 3, 'dm').value).toBe(30);
  });
  it('S8-ERR-024 an unknown unit uses a factor of 1 and says so', () => {
    expect(normaliseUnit('weight', 5, 'XYZ')).toEqual({ value: 5, unit: 'KGM', unknownUnit: true });
  });
});
