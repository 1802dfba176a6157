import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pseudonymText, pseudonymousReservationStream } from '@nordlog/contracts';
import {
  localKeyWrapping,
  masterKey,
  pkcs11KeyWrapping,
  provisionPkcs11Keys,
} from '@nordlog/platform';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';
import { softHsm } from '../support/softHsm.js';

/**
 * The master keys of personal data in an HSM (issue 38 §2, docs/decisions/0050, addendum): the
 * PKCS#11 adapter against SoftHSM2, a real PKCS#11 token in software. The subjects' data keys are
 * wrapped and the pseudonyms made inside the token; the product runs on it whole.
 */
describe('personal data keys in an HSM (PKCS#11)', () => {
  const hsmFolder = softHsm();
  const token = hsmFolder.token('nordlog-test');
  afterAll(() => hsmFolder.remove());

  it('provisions its two keys once; wraps a data key bound to its subject; pseudonyms are the same every time', () => {
    expect(provisionPkcs11Keys(token.options)).toEqual([
      'nordlog-personal-data',
      'nordlog-personal-data-pseudonym',
    ]);
    expect(provisionPkcs11Keys(token.options)).toEqual([]);
    const hsm = pkcs11KeyWrapping(token.options);
    try {
      const key = Buffer.alloc(32, 9);
      const wrapped = hsm.wrap('order:1', key);
      expect(wrapped.length).toBe(12 + 32 + 16);
      expect(wrapped.includes(key)).toBe(false);
      expect(hsm.unwrap('order:1', wrapped)).toEqual(key);
      // Bound to the subject: another subject's name does not open it.
      expect(() => hsm.unwrap('order:2', wrapped)).toThrow();
      const pseudonym = hsm.pseudonym('phoneNumber:+4791234567');
      expect(pseudonym).toMatch(/^[0-9a-f]{64}$/);
      expect(hsm.pseudonym('phoneNumber:+4791234567')).toBe(pseudonym);
      expect(hsm.pseudonym('phoneNumber:+4791234568')).not.toBe(pseudonym);
    } finally {
      hsm.close();
    }
    // A token without the keys is refused with what to do.
    const bare = hsmFolder.token('nordlog-bare');
    expect(() => pkcs11KeyWrapping(bare.options)).toThrow(/npm run kms:provision/);
  });

  describe('the product on the HSM', () => {
    let sys: TestSystem;
    beforeAll(async () => {
      sys = await startTestSystem({ env: token.env });
    }, 60_000);
    afterAll(async () => sys?.shutdown());

    it("seals, opens and reserves through the token: the database's own key opens nothing", async () => {
      const phone = freshPhone();
      const created = await sys.command('CREATE_USER', {
        name: 'Hilde Hsmsen',
        phoneNumber: phone,
        role: 'PLANNER',
      });
      expect(created.status).toBe(200);
      await sys.settled();
      // The projector's worker thread opened it through the token too.
      const row = await sys.db.knex('rm_users').where({ id: created.body.ids[0] }).first();
      expect(row).toMatchObject({ name: 'Hilde Hsmsen', phone_number: phone });
      const stored = await sys.db.knex.raw<{ rows: { n: number }[] }>(
        `select count(*)::int as n from es_events t where t::text ilike '%Hsmsen%'`,
      );
      expect(stored.rows[0]!.n).toBe(0);
      // The user's key is wrapped by the token: the installation's local key does not open it.
      const { wrapped } = await sys.db
        .knex('privacy_subject_keys')
        .where({ subject: `user:${created.body.ids[0]}` })
        .first<{ wrapped: Buffer }>('wrapped');
      const local = localKeyWrapping(await masterKey(sys.db.knex, undefined));
      expect(() => local.unwrap(`user:${created.body.ids[0]}`, wrapped)).toThrow();
      // The phone's reservation is named by the token's pseudonym.
      const hsm = pkcs11KeyWrapping(token.options);
      const pseudonym = hsm.pseudonym(pseudonymText('phoneNumber', phone));
      expect(
        await sys.db
          .knex('es_events')
          .where({ stream_id: pseudonymousReservationStream('phoneNumber', pseudonym) })
          .count<{ count: string }[]>('* as count'),
      ).toEqual([{ count: '1' }]);
      expect(local.pseudonym(pseudonymText('phoneNumber', phone))).not.toBe(pseudonym);
      hsm.close();
    });
  });
});
