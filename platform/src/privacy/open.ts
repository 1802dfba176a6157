import type { Knex } from 'knex';
import type { EventStore } from '../eventStore/types.js';
import { PostgresSubjectKeys, localKeyWrapping, masterKey } from './keys.js';
import { PersonalDataStore } from './store.js';

/**
 * `store` with personal data sealed, its keys in the database at `knex` (table
 * privacy_subject_keys), wrapped by PERSONAL_DATA_KEY (or the installation's own key where that
 * is not set, outside production).
 */
export async function withPersonalData(
  store: EventStore,
  knex: Knex,
  configuredKey: string | undefined,
): Promise<PersonalDataStore> {
  const keys = new PostgresSubjectKeys(
    knex,
    localKeyWrapping(await masterKey(knex, configuredKey)),
  );
  return new PersonalDataStore(store, keys);
}
