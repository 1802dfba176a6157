import { useGetRecordId } from 'react-admin';
import { ApiKeysPanel } from '../../../apiKeys/ApiKeysPanel';

/** The admin customer screen's API keys (docs/decisions/0069-api-keys.md): the record's. */
export function ApiKeys() {
  return <ApiKeysPanel customerId={String(useGetRecordId())} />;
}
