import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AddressRow } from '@nordlog/contracts';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useDepartmentParam, useScreenBase } from '../../portal/portalContext';
import { useMayRun } from '../../access/useMayRun';
import { failureText } from '../../errors/parse';
import { PageHeader } from '../../layout/PageHeader';
import { NotOnMapMark } from '../../maps/GeoMarks';
import { usePageTitle } from '../../layout/pageTitle';
import { departmentMembers, useDepartmentOptions } from '../../layout/useDepartments';
import { CustomerPicker } from '../invoicing/common';
import { PhraseField } from '../PhraseField';
import { AddressFiles } from './AddressFiles';
import { addressesParams, isPlaced, postalLine, type AddressFilters } from './addressModel';
import { useAddresses, useCustomerInfo } from './queries';

const usages = ['', 'PICKUP', 'DELIVERY'] as const;

/**
 * `/planner/{dep}/addresses` (spec §2, docs/decisions/0061-address-book.md): the department's
 * saved addresses, found by a phrase, a customer and a use; each opens its edit page. The list
 * follows the socket (a change of an address fetches it again). A customer's addresses go up and
 * down as a spreadsheet (AddressFiles).
 */
export default function AddressesPage() {
  const translate = useTranslate();
  const mayRun = useMayRun();
  usePageTitle('addressBook.title');
  // The path's department, or in the customer portal the customer's (docs/decisions/0074).
  const departmentId = useDepartmentParam();
  const screenBase = useScreenBase();
  const options = useDepartmentOptions().data;
  const option = options?.find((d) => d.id === departmentId);
  const members = departmentMembers(departmentId, options);
  const [search, setSearch] = useSearchParams();
  const filters: AddressFilters = {
    search: search.get('q') ?? '',
    customerId: search.get('customer') ?? '',
    usage: usages.find((u) => u === search.get('usage')) ?? '',
  };
  const setFilter = (key: string, value: string) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const params = members.length > 0 ? addressesParams(members, filters) : null;
  const list = useAddresses(params);
  const rows = list.data ?? [];
  const customers = useCustomerInfo(
    useMemo(
      () => [...(list.data ?? []).map((r) => r.customerId), filters.customerId],
      [list.data, filters.customerId],
    ),
  );
  const knownInfo = customers.get(filters.customerId);
  const knownCustomer = useMemo(
    () => (knownInfo ? { id: filters.customerId, ...knownInfo } : undefined),
    [knownInfo, filters.customerId],
  );
  const customerName = (id: string) => customers.get(id)?.name ?? `#${id}`;
  const canWrite = mayRun('CREATE_ADDRESS');
  const base = `${screenBase}/addresses`;

  return (
    <Box sx={{ p: 2 }}>
      <PageHeader title={`${translate('addressBook.title')}${option ? ` · ${option.name}` : ''}`}>
        <AddressFiles
          departmentId={members.length === 1 ? members[0]! : ''}
          departmentIds={members}
          customerId={filters.customerId}
          customer={knownCustomer}
          canUpload={canWrite}
        />
        {canWrite ? (
          <Button
            variant="contained"
            component={RouterLink}
            to={`${base}/new`}
            data-testid="address-new"
          >
            {translate('addressBook.new')}
          </Button>
        ) : null}
      </PageHeader>
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <PhraseField
          value={filters.search}
          label={translate('addressBook.search')}
          onSettled={(phrase) => setFilter('q', phrase)}
          minWidth={280}
        />
        <CustomerPicker
          label={translate('addressBook.customer')}
          kind="id"
          value={filters.customerId}
          onChange={(value) => setFilter('customer', value)}
          departmentIds={members}
          known={knownCustomer}
          minWidth={280}
        />
        <TextField
          select
          size="small"
          label={translate('addressBook.usage')}
          value={filters.usage}
          onChange={(e) => setFilter('usage', e.target.value)}
          sx={{ minWidth: 200 }}
          slotProps={{ htmlInput: { 'data-testid': 'address-usage-filter' } }}
        >
          {usages.map((u) => (
            <MenuItem key={u} value={u}>
              {translate(u ? `addressBook.usageFilter.${u}` : 'addressBook.usageFilter.any')}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {list.isFetching ? (
        <LinearProgress sx={{ mb: 1 }} aria-label={translate('app.loading')} />
      ) : null}
      {list.isError ? <Alert severity="error">{failureText(list.error, translate)}</Alert> : null}
      {rows.length === 0 ? (
        <Typography data-testid="addresses-none" sx={{ my: 2 }}>
          {list.isPending ? translate('app.loading') : translate('addressBook.none')}
        </Typography>
      ) : (
        <AddressTable rows={rows} base={base} customerName={customerName} />
      )}
    </Box>
  );
}

function AddressTable(props: {
  rows: AddressRow[];
  base: string;
  customerName: (id: string) => string;
}) {
  const translate = useTranslate();
  return (
    <TableContainer component={Paper}>
      <Table size="small" aria-label={translate('addressBook.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('addressBook.fields.name')}</TableCell>
            <TableCell>{translate('addressBook.fields.address')}</TableCell>
            <TableCell>{translate('addressBook.fields.postal')}</TableCell>
            <TableCell>{translate('addressBook.customer')}</TableCell>
            <TableCell>{translate('addressBook.usage')}</TableCell>
            <TableCell>{translate('addressBook.fields.code')}</TableCell>
            <TableCell>{translate('addressBook.map')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {props.rows.map((row) => (
            <TableRow key={row.id} hover data-testid="address-row" data-id={row.id}>
              <TableCell>
                <RouterLink to={`${props.base}/${row.id}`}>
                  {row.block.name || `#${row.id}`}
                </RouterLink>
              </TableCell>
              <TableCell>{row.block.address}</TableCell>
              <TableCell>{`${postalLine(row.block)}${row.block.countryCode ? ` (${row.block.countryCode})` : ''}`}</TableCell>
              <TableCell>{props.customerName(row.customerId)}</TableCell>
              <TableCell>{translate(`addressBook.usages.${row.usage}`)}</TableCell>
              <TableCell>{row.code}</TableCell>
              <TableCell>{isPlaced(row.block) ? null : <NotOnMapMark />}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
