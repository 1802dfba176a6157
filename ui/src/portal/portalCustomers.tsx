import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useShell } from '../app/UserContext';
import { useInPortal } from './portalContext';
import { portalCustomersQuery } from './portalQueries';

/**
 * The customer a portal screen keeps (docs/decisions/0085-portal-integrations.md): the user's
 * own, or one of its sub-customers chosen in `?customerId=`. The server decides which customers
 * these are (the REST customers answer only the user's scope); outside the portal, none.
 */
export function usePortalCustomerId(): string {
  const inPortal = useInPortal();
  const { user } = useShell();
  const [search] = useSearchParams();
  if (!inPortal) return '';
  return search.get('customerId') ?? String(user.customerId ?? '');
}

/** The customers the user may keep (its own and its sub-customers), by name. */
function usePortalCustomers() {
  return useQuery(portalCustomersQuery);
}

/** The choice of the customer (shown when the user has sub-customers). */
export function PortalCustomerPicker() {
  const translate = useTranslate();
  const customerId = usePortalCustomerId();
  const [search, setSearch] = useSearchParams();
  const customers = usePortalCustomers().data ?? [];
  if (customers.length < 2) return null;
  return (
    <TextField
      select
      size="small"
      sx={{ minWidth: 240 }}
      label={translate('portalIntegrations.customer')}
      value={customers.some((c) => String(c.id) === customerId) ? customerId : ''}
      onChange={(e) => {
        const next = new URLSearchParams(search);
        next.set('customerId', e.target.value);
        setSearch(next, { replace: true });
      }}
    >
      {customers.map((c) => (
        <MenuItem key={c.id} value={String(c.id)}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
