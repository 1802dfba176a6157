import { describe, expect, it } from '@jest/globals';
import type { OrderRow } from './orders.js';
import { unresolvedKeys, unresolvedSides } from './unresolved.js';

const block = (address: string, lat: number | null) => ({
  address,
  zipCode: '0000',
  zipArea: 'Nowhere',
  countryCode: 'NO',
  lat,
  lng: lat,
});
const row = (state: string, pickup: number | null, delivery: string) =>
  ({
    state,
    order: { pickup: block('Storgata 1', pickup), delivery: block(delivery, null) },
  }) as unknown as Pick<OrderRow, 'state' | 'order'>;

describe('unresolved addresses (docs/decisions/0053)', () => {
  it('an UNRESOLVED order names its sides without a point; other states none', () => {
    expect(unresolvedSides(row('UNRESOLVED', 59.9, 'Ukjentveien 1'))).toEqual(['delivery']);
    expect(unresolvedSides(row('UNRESOLVED', null, 'Ukjentveien 1'))).toEqual([
      'pickup',
      'delivery',
    ]);
    expect(unresolvedSides(row('CREATED', null, 'Ukjentveien 1'))).toEqual([]);
    expect(unresolvedKeys(row('RESOLVED', 59.9, 'x'))).toBeNull();
  });

  it('an address written differently is one key (the pin key)', () => {
    expect(unresolvedKeys(row('UNRESOLVED', 59.9, 'Ukjentveien 1'))).toEqual(
      unresolvedKeys(row('UNRESOLVED', 59.9, 'ukjentveien  1,')),
    );
    expect(unresolvedKeys(row('UNRESOLVED', 59.9, 'Ukjentveien 1'))).toEqual([
      'NO|0000|ukjentveien 1',
    ]);
  });
});
