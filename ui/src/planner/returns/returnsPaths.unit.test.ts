import { describe, expect, it } from '@jest/globals';
import { parseReturnsView, returnsPath } from './returnsPaths';

describe('the manage-returns address', () => {
  it('defaults to the returns to make of a week back to a week ahead', () => {
    expect(parseReturnsView('', '', '2027-03-10')).toEqual({
      view: 'TO_MAKE',
      fromDate: '2027-03-03',
      toDate: '2027-03-17',
      customerIds: [],
      reasons: [],
    });
  });

  it('reads back every part it writes', () => {
    const view = {
      view: 'MADE' as const,
      fromDate: '2027-03-01',
      toDate: '2027-03-05',
      customerIds: ['4', '9'],
      reasons: ['DAMAGED'],
    };
    const path = returnsPath('7', view);
    expect(path).toBe(
      '/planner/7/manage-returns/made/2027-03-01/2027-03-05?customer=4&customer=9&reason=DAMAGED',
    );
    const [pathname, search] = path.split('?');
    const splat = pathname!.split('/manage-returns/')[1]!;
    expect(parseReturnsView(splat, search!, '2027-03-10')).toEqual(view);
  });

  it('ignores a broken date and an end before the start', () => {
    expect(parseReturnsView('made/2027-13-xx/2027-01-01', '', '2027-03-10')).toMatchObject({
      view: 'MADE',
      fromDate: '2027-03-03',
      toDate: '2027-03-17',
    });
  });
});
