import { describe, expect, it } from '@jest/globals';
import { presentedKey } from './authenticate.js';

const request = (headers: Record<string, string>) => ({
  get: (name: string) => headers[name.toLowerCase()],
});

describe('the key a request presents (docs/decisions/0069-api-keys.md)', () => {
  it('reads Authorization: Bearer first, then X-Api-Key; none is null', () => {
    expect(presentedKey(request({ authorization: 'Bearer nlk_a' }) as never)).toBe('nlk_a');
    expect(presentedKey(request({ authorization: 'bearer  nlk_a ' }) as never)).toBe('nlk_a');
    expect(presentedKey(request({ 'x-api-key': ' nlk_b ' }) as never)).toBe('nlk_b');
    expect(
      presentedKey(request({ authorization: 'Bearer nlk_a', 'x-api-key': 'nlk_b' }) as never),
    ).toBe('nlk_a');
    expect(presentedKey(request({ authorization: 'Basic eDp5' }) as never)).toBeNull();
    expect(presentedKey(request({}) as never)).toBeNull();
  });
});
