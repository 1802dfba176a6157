import Box from '@mui/material/Box';
import { useTranslate } from 'react-admin';
import { ApiKeysPanel } from '../apiKeys/ApiKeysPanel';
import { PageHeader } from '../layout/PageHeader';
import { usePageTitle } from '../layout/pageTitle';
import { PortalCustomerPicker, usePortalCustomerId } from './portalCustomers';

/**
 * `/customer/api-keys` (docs/decisions/0085-portal-integrations.md): the customer's own API keys,
 * kept by its own people: create, rotate (the key shown once) and revoke, as on the admin
 * customer screen; for a sub-customer when the user has them.
 */
export default function CustomerApiKeys() {
  const translate = useTranslate();
  usePageTitle('portalIntegrations.apiKeys');
  const customerId = usePortalCustomerId();
  return (
    <Box sx={{ p: 2 }}>
      <PageHeader title={translate('portalIntegrations.apiKeys')}>
        <PortalCustomerPicker />
      </PageHeader>
      {customerId ? (
        <ApiKeysPanel key={customerId} customerId={customerId} title={translate('apiKeys.keys')} />
      ) : null}
    </Box>
  );
}
