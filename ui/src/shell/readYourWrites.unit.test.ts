import { describe, expect, it } from '@jest/globals';
import { POSITION_KEY, positionMemory, type PositionStorage } from './readYourWrites';

const memoryStorage = (): PositionStorage & { items: Map<string, string> } => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  };
};

describe('read-your-writes across page loads', () => {
  it('a page loaded again in the same tab still sends the position of the last save', () => {
    const storage = memoryStorage();
    const before = positionMemory(storage);
    expect(before.headers()).toEqual({});
    before.remember('41');
    // A reload: the module starts afresh with the same tab storage.
    expect(positionMemory(storage).headers()).toEqual({ 'x-min-position': '41' });
  });

  it('keeps the latest position, compared as integers, and ignores what is not one', () => {
    const memory = positionMemory(memoryStorage());
    memory.remember('9');
    memory.remember('10');
    memory.remember('8');
    memory.remember(null);
    memory.remember(undefined);
    memory.remember('12a');
    expect(memory.headers()).toEqual({ 'x-min-position': '10' });
    // Beyond 2^53 a Number loses digits; positions are still ordered exactly.
    memory.remember('900719925474099300');
    memory.remember('900719925474099299');
    expect(memory.headers()).toEqual({ 'x-min-position': '900719925474099300' });
  });

  it('a read whose wait ran out forgets the position, unless a later save came meanwhile', () => {
    const storage = memoryStorage();
    const memory = positionMemory(storage);
    memory.remember('50');
    memory.answered('50', 'true');
    expect(memory.headers()).toEqual({ 'x-min-position': '50' });
    // Sent 50; a save answered 60 while the read waited; the read's timeout says nothing of 60.
    memory.remember('60');
    memory.answered('50', 'false');
    expect(memory.headers()).toEqual({ 'x-min-position': '60' });
    memory.answered('60', 'false');
    expect(memory.headers()).toEqual({});
    expect(storage.items.has(POSITION_KEY)).toBe(false);
    expect(positionMemory(storage).headers()).toEqual({});
  });

  it('what the storage holds that is not a position is ignored', () => {
    const storage = memoryStorage();
    storage.items.set(POSITION_KEY, 'nonsense');
    expect(positionMemory(storage).headers()).toEqual({});
  });

  it('a storage that refuses (disabled, full, private mode) only loses the memory of a reload', () => {
    const refusing: PositionStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const memory = positionMemory(refusing);
    memory.remember('7');
    expect(memory.headers()).toEqual({ 'x-min-position': '7' });
    memory.answered('7', 'false');
    expect(memory.headers()).toEqual({});
    expect(positionMemory(null).headers()).toEqual({});
  });
});
