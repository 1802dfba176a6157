import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { DEFAULT_SMS_VAS_CODE, type PreAdvicePolicyRow } from '@nordlog/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useMayRun } from '../access/useMayRun';
import { failureText } from '../errors/parse';
import { languageNames } from '../i18n/languageNames';
import { PageHeader } from '../layout/PageHeader';
import { usePageTitle } from '../layout/pageTitle';
import { useDepartmentOptions } from '../layout/useDepartments';
import { ConfirmDialog } from '../planner/planning/Dialogs';
import { useCustomerNames } from '../planner/invoicing/queries';
import { sendCommand } from '../shell/api';
import { PolicyForm } from './PolicyForm';
import { ownerKinds, type OwnerKind } from './policyForm';
import { PRE_ADVICE_POLICIES_KEY, freshQuery, policiesKey, useCustomerGroups } from './queries';

const isOwnerKind = (s: string | null): s is OwnerKind =>
  (ownerKinds as readonly string[]).includes(s ?? '');

/**
 * `/admin/preadvice` (spec §1, §2; docs/decisions/0062): the pre-advice policies, listed for every
 * owner or for one department, customer group or customer, and for a service; an administrator
 * with ADMIN_PRE_ADVICE creates one with its texts per language, edits one (a new policy replaces
 * it) and deletes one. Changes are pushed over the socket.
 */
export default function PreAdvicePolicies() {
  const translate = useTranslate();
  const notify = useNotify();
  const mayRun = useMayRun();
  const queryClient = useQueryClient();
  usePageTitle('preAdvice.title');
  const [search, setSearch] = useSearchParams();
  const ownerKind = isOwnerKind(search.get('ownerKind'))
    ? (search.get('ownerKind') as OwnerKind)
    : null;
  const owner = ownerKind ? (search.get('owner') ?? '') : '';
  const service = search.get('service') ?? '';
  const setFilter = (patch: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [k, value] of Object.entries(patch))
      if (value) next.set(k, value);
      else next.delete(k);
    setSearch(next, { replace: true });
  };
  const options = useDepartmentOptions().data;
  const departmentOptions = useMemo(() => (options ?? []).filter((d) => !d.group), [options]);
  const groups = useCustomerGroups();
  const list = useQuery({
    queryKey: policiesKey(ownerKind, owner),
    queryFn: () =>
      freshQuery<PreAdvicePolicyRow[]>(
        'preAdvicePolicies',
        ownerKind && owner ? { [ownerKind]: owner } : {},
      ),
  });
  const rows = (list.data ?? []).filter(
    (p) => !service || (p.serviceId ?? '').toLowerCase().includes(service.toLowerCase()),
  );
  const customers = useCustomerNames(rows.flatMap((p) => (p.customerId ? [p.customerId] : [])));
  const [editing, setEditing] = useState<PreAdvicePolicyRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PreAdvicePolicyRow | null>(null);
  const [busy, setBusy] = useState(false);
  const canWrite = mayRun('CREATE_PRE_ADVICE_POLICY');
  const refresh = () => queryClient.invalidateQueries({ queryKey: [PRE_ADVICE_POLICIES_KEY] });

  const ownerText = (p: PreAdvicePolicyRow) => {
    if (p.customerId)
      return `${translate('preAdvice.owner.customerId')}: ${customers.get(p.customerId) ?? `#${p.customerId}`}`;
    if (p.customerGroupId)
      return `${translate('preAdvice.owner.customerGroupId')}: ${groups.find((g) => g.id === p.customerGroupId)?.name ?? `#${p.customerGroupId}`}`;
    return `${translate('preAdvice.owner.departmentId')}: ${departmentOptions.find((d) => d.id === p.departmentId)?.name ?? `#${p.departmentId ?? ''}`}`;
  };
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await sendCommand('DELETE_PRE_ADVICE_POLICY', { id: deleting.id });
      notify(translate('preAdvice.deleted'), { type: 'info' });
      setDeleting(null);
    } catch (err) {
      notify(`${translate('preAdvice.deleteFailed')}: ${failureText(err, translate)}`, {
        type: 'error',
      });
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  return (
    <Box sx={{ p: 2 }}>
      <PageHeader title={translate('preAdvice.title')}>
        {canWrite ? (
          <Button variant="contained" onClick={() => setEditing('new')} data-testid="preadvice-new">
            {translate('preAdvice.new')}
          </Button>
        ) : null}
      </PageHeader>
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          select
          size="small"
          sx={{ minWidth: 200 }}
          label={translate('preAdvice.filterOwner')}
          value={ownerKind ?? ''}
          onChange={(e) => setFilter({ ownerKind: e.target.value, owner: '' })}
          slotProps={{ htmlInput: { 'data-testid': 'preadvice-filter-kind' } }}
        >
          <MenuItem value="">{translate('preAdvice.allOwners')}</MenuItem>
          {ownerKinds.map((k) => (
            <MenuItem key={k} value={k}>
              {translate(`preAdvice.owner.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        {ownerKind === 'departmentId' || ownerKind === 'customerGroupId' ? (
          <TextField
            select
            size="small"
            sx={{ minWidth: 200 }}
            label={translate(`preAdvice.owner.${ownerKind}`)}
            value={owner}
            onChange={(e) => setFilter({ owner: e.target.value })}
          >
            {(ownerKind === 'departmentId' ? departmentOptions : groups).map((o) => (
              <MenuItem key={o.id} value={o.id}>
                {o.name}
              </MenuItem>
            ))}
          </TextField>
        ) : ownerKind === 'customerId' ? (
          <TextField
            size="small"
            label={translate('preAdvice.customerNumber')}
            value={owner}
            onChange={(e) => setFilter({ owner: e.target.value.replace(/\D/g, '') })}
          />
        ) : null}
        <TextField
          size="small"
          label={translate('preAdvice.service')}
          value={service}
          onChange={(e) => setFilter({ service: e.target.value })}
          slotProps={{ htmlInput: { 'data-testid': 'preadvice-filter-service' } }}
        />
      </Stack>
      {list.isError ? <Alert severity="error">{failureText(list.error, translate)}</Alert> : null}
      {rows.length === 0 ? (
        <Typography data-testid="preadvice-none" sx={{ my: 2 }}>
          {list.isPending ? translate('app.loading') : translate('preAdvice.none')}
        </Typography>
      ) : (
        <TableContainer component={Paper}>
          <Table size="small" aria-label={translate('preAdvice.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('preAdvice.name')}</TableCell>
                <TableCell>{translate('preAdvice.ownerKind')}</TableCell>
                <TableCell>{translate('preAdvice.service')}</TableCell>
                <TableCell>{translate('preAdvice.triggers')}</TableCell>
                <TableCell>{translate('preAdvice.channel')}</TableCell>
                <TableCell>{translate('preAdvice.languages')}</TableCell>
                <TableCell>{translate('preAdvice.vasCode')}</TableCell>
                <TableCell>{translate('preAdvice.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((p) => (
                <TableRow key={p.id} data-testid="preadvice-row" data-id={p.id}>
                  <TableCell>{p.name}</TableCell>
                  <TableCell>{ownerText(p)}</TableCell>
                  <TableCell>{p.serviceId ?? translate('preAdvice.everyService')}</TableCell>
                  <TableCell>
                    {p.triggers
                      .map((t) =>
                        t === 'STOPS_AWAY'
                          ? translate('preAdvice.triggerStopsAway', {
                              smart_count: p.stopsAway ?? 0,
                            })
                          : translate(`preAdvice.trigger.${t}`),
                      )
                      .join(', ')}
                  </TableCell>
                  <TableCell>{translate(`preAdvice.channels.${p.channel}`)}</TableCell>
                  <TableCell>{p.texts.map((t) => languageNames[t.language]).join(', ')}</TableCell>
                  <TableCell>
                    {p.channel === 'EMAIL' ? '–' : (p.smsVasCode ?? DEFAULT_SMS_VAS_CODE)}
                  </TableCell>
                  <TableCell>
                    {canWrite ? (
                      <Stack direction="row" spacing={1}>
                        <Button
                          size="small"
                          onClick={() => setEditing(p)}
                          data-testid="preadvice-edit"
                        >
                          {translate('preAdvice.editShort')}
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          onClick={() => setDeleting(p)}
                          data-testid="preadvice-delete"
                        >
                          {translate('preAdvice.delete')}
                        </Button>
                      </Stack>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing ? (
        <PolicyForm
          policy={editing === 'new' ? null : editing}
          departments={departmentOptions}
          groups={groups}
          customerName={
            editing !== 'new' && editing.customerId ? customers.get(editing.customerId) : undefined
          }
          onClose={(saved) => {
            setEditing(null);
            if (saved) void refresh();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={translate('preAdvice.deleteTitle')}
        text={translate('preAdvice.deleteConfirm', { name: deleting?.name ?? '' })}
        confirmLabel={translate('preAdvice.delete')}
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
