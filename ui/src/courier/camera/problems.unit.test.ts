import { describe, expect, it } from '@jest/globals';
import { cameraProblem } from './problems';

describe('why the camera did not open (issue 42 part 2, 0073)', () => {
  it('refused, missing or busy, anything else: each its own message', () => {
    const error = (name: string) => Object.assign(new Error(name), { name });
    expect(cameraProblem(error('NotAllowedError'))).toBe('denied');
    expect(cameraProblem(error('SecurityError'))).toBe('denied');
    expect(cameraProblem(error('NotFoundError'))).toBe('noCamera');
    expect(cameraProblem(error('NotReadableError'))).toBe('noCamera');
    expect(cameraProblem(error('OverconstrainedError'))).toBe('noCamera');
    expect(cameraProblem(new RangeError('wasm'))).toBe('failed');
    expect(cameraProblem(null)).toBe('failed');
  });
});
