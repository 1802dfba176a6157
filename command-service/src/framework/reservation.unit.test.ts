import { describe, expect, it } from '@jest/globals';
import { reservationStream, type ReservationEvent } from '@nordlog/contracts';
import { given } from './testing.js';
import { reservationDecider, type UniqueClaim } from './reservation.js';

const phone: UniqueClaim = {
  kind: 'phoneNumber',
  value: '+4791234567',
  refusal: { errorType: 'PHONE_NUMBER_TAKEN', description: 'taken' },
};
const email: UniqueClaim = {
  kind: 'email',
  value: ' Kari@Example.COM ',
  refusal: { errorType: 'EMAIL_TAKEN', description: 'taken' },
};
const reservedBy = (ownerId: string): ReservationEvent => ({
  type: 'UniqueValueReserved',
  data: { kind: 'phoneNumber', value: '+4791234567', ownerId },
});
const releasedBy = (ownerId: string): ReservationEvent => ({
  type: 'UniqueValueReleased',
  data: { kind: 'phoneNumber', value: '+4791234567', ownerId },
});

describe('unique-value reservations', () => {
  it('reserves a free value for its owner', () => {
    given(reservationDecider)
      .when({ type: 'reserve', claim: phone, ownerId: '5' })
      .then([reservedBy('5')]);
  });
  it('refuses a value another owner holds, with the claim’s error (PHONE_NUMBER_TAKEN)', () => {
    given(reservationDecider, [reservedBy('5')])
      .when({ type: 'reserve', claim: phone, ownerId: '6' })
      .thenRefuses('PHONE_NUMBER_TAKEN');
  });
  it('is free again once released; reserving one’s own value again is nothing', () => {
    given(reservationDecider, [reservedBy('5'), releasedBy('5')])
      .when({ type: 'reserve', claim: phone, ownerId: '6' })
      .then([reservedBy('6')]);
    given(reservationDecider, [reservedBy('5')])
      .when({ type: 'reserve', claim: phone, ownerId: '5' })
      .thenNothing();
  });
  it('releases only the owner’s reservation', () => {
    given(reservationDecider, [reservedBy('5')])
      .when({ type: 'release', claim: phone, ownerId: '5' })
      .then([releasedBy('5')]);
    given(reservationDecider, [reservedBy('5')])
      .when({ type: 'release', claim: phone, ownerId: '6' })
      .thenNothing();
    given(reservationDecider).when({ type: 'release', claim: phone, ownerId: '6' }).thenNothing();
  });
  it('keys e-mail addresses trimmed and in lower case, phone numbers as stored', () => {
    given(reservationDecider)
      .when({ type: 'reserve', claim: email, ownerId: '5' })
      .then([
        {
          type: 'UniqueValueReserved',
          data: { kind: 'email', value: 'kari@example.com', ownerId: '5' },
        },
      ]);
    expect(reservationStream('email', 'Kari@Example.com')).toBe('unique-email-kari@example.com');
    expect(reservationStream('phoneNumber', '+4791234567')).toBe('unique-phoneNumber-+4791234567');
  });
});
