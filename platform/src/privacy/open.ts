import type { Knex } from 'knex';
import type { Config } from '../config.js';
import type { EventStore } from '../eventStore/types.js';
import { PostgresSubjectKeys, localKeyWrapping, masterKey, type KeyWrapping } from './keys.js';
import { pkcs11KeyWrapping, type Pkcs11Options } from './pkcs11.js';
import { PersonalDataStore } from './store.js';

/**
 * Where an installation's master keys of personal data are (docs/decisions/0050): `key`, the
 * local PERSONAL_DATA_KEY (or, where that is not set, outside production, the database's own), or
 * `pkcs11`, an HSM. Plain data, so a worker thread is given it as it is.
 */
export interface PersonalDataKeys {
  key?: string | undefined;
  pkcs11?: Pkcs11Options | undefined;
}

/** The settings that say where the master keys are. */
export type PersonalDataKeySettings = Pick<
  Config,
  | 'PERSONAL_DATA_KEY'
  | 'PERSONAL_DATA_KMS'
  | 'PKCS11_LIBRARY'
  | 'PKCS11_TOKEN_LABEL'
  | 'PKCS11_PIN'
  | 'PKCS11_KEY_LABEL'
>;

/** The configuration's keys setting (PERSONAL_DATA_KEY, PERSONAL_DATA_KMS and PKCS11_*). */
export function personalDataKeys(config: PersonalDataKeySettings): PersonalDataKeys {
  if (config.PERSONAL_DATA_KMS !== 'pkcs11') return { key: config.PERSONAL_DATA_KEY };
  return {
    pkcs11: {
      library: config.PKCS11_LIBRARY!,
      tokenLabel: config.PKCS11_TOKEN_LABEL!,
      pin: config.PKCS11_PIN!,
      keyLabel: config.PKCS11_KEY_LABEL,
    },
  };
}

async function wrappingFor(knex: Knex, keys: PersonalDataKeys): Promise<KeyWrapping> {
  if (keys.pkcs11) return pkcs11KeyWrapping(keys.pkcs11);
  return localKeyWrapping(await masterKey(knex, keys.key));
}

/**
 * `store` with personal data sealed, its keys in the database at `knex` (table
 * privacy_subject_keys), wrapped by the master key where `keys` says: PERSONAL_DATA_KEY (a string
 * is taken as that), the installation's own key outside production, or an HSM.
 */
export async function withPersonalData(
  store: EventStore,
  knex: Knex,
  keys: PersonalDataKeys | string | undefined,
): Promise<PersonalDataStore> {
  const settings = typeof keys === 'object' ? keys : { key: keys };
  return new PersonalDataStore(
    store,
    new PostgresSubjectKeys(knex, await wrappingFor(knex, settings)),
  );
}
