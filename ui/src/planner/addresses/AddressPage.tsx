import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AddressRow } from '@nordlog/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Loading, useNotify, useTranslate } from 'react-admin';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useDepartmentParam, useScreenBase } from '../../portal/portalContext';
import { useMayRun } from '../../access/useMayRun';
import { HttpFailure, failureText } from '../../errors/parse';
import { PageHeader } from '../../layout/PageHeader';
import { usePageTitle } from '../../layout/pageTitle';
import { departmentMembers, useDepartmentOptions } from '../../layout/useDepartments';
import { sendCommand } from '../../shell/api';
import { AddressForm } from './AddressForm';
import {
  ADDRESSES_KEY,
  addressFormOf,
  addressResolver,
  createAddressInput,
  emptyAddressForm,
  isPlaced,
  updateAddressInput,
  type AddressFormValues,
} from './addressModel';
import { useAddress } from './queries';

/**
 * `/planner/{dep}/addresses/new` and `/planner/{dep}/addresses/{id}` (spec §2,
 * docs/decisions/0061-address-book.md): a saved address made or changed through the contracts'
 * schemas (the form refuses what the server would), and deleted after a confirmation that says
 * the people in it are erased for good.
 */
export default function AddressPage() {
  const { addressId } = useParams();
  // The path's department, or in the customer portal the customer's (docs/decisions/0074).
  const departmentId = useDepartmentParam();
  const id = addressId && addressId !== 'new' ? addressId : null;
  const options = useDepartmentOptions();
  const address = useAddress(id);
  const translate = useTranslate();
  usePageTitle(id ? 'addressBook.edit' : 'addressBook.new');
  if (options.isPending || (id !== null && address.isPending)) return <Loading />;
  if (id !== null && !address.data)
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="warning" data-testid="address-missing">
          {address.isError
            ? failureText(address.error, translate)
            : translate('addressBook.missing')}
        </Alert>
        <BackLink />
      </Box>
    );
  const members = departmentMembers(departmentId, options.data);
  const country = options.data?.find((d) => d.id === members[0])?.country ?? 'NO';
  const departments =
    members.length > 1
      ? members.map((m) => ({
          value: m,
          label: options.data?.find((d) => d.id === m)?.name ?? m,
        }))
      : null;
  return (
    <AddressEditor
      key={id ?? 'new'}
      departmentParam={departmentId}
      members={members}
      departments={departments}
      row={address.data ?? null}
      defaults={
        address.data ? addressFormOf(address.data) : emptyAddressForm(members[0] ?? '', country)
      }
    />
  );
}

function BackLink() {
  const base = useScreenBase();
  const translate = useTranslate();
  return (
    <Button component={RouterLink} to={`${base}/addresses`} sx={{ mt: 1 }}>
      {translate('addressBook.back')}
    </Button>
  );
}

function AddressEditor(props: {
  departmentParam: string;
  members: string[];
  departments: { value: string; label: string }[] | null;
  row: AddressRow | null;
  defaults: AddressFormValues;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mayRun = useMayRun();
  const { row } = props;
  const form = useForm<AddressFormValues>({
    defaultValues: props.defaults,
    mode: 'onTouched',
    resolver: addressResolver(row?.id ?? null),
  });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const list = `${useScreenBase()}/addresses`;
  const canWrite = mayRun(row ? 'UPDATE_ADDRESS' : 'CREATE_ADDRESS');

  const done = async (message: string) => {
    await queryClient.invalidateQueries({ queryKey: [ADDRESSES_KEY] });
    notify(translate(message), { type: 'info' });
    void navigate(list);
  };
  const refused = (err: unknown) => {
    let fields = 0;
    if (err instanceof HttpFailure)
      for (const e of err.errors) {
        const field = e.params?.field;
        const key = e.params?.key;
        if (typeof field === 'string' && typeof key === 'string') {
          form.setError(field as Path<AddressFormValues>, { type: 'server', message: key });
          fields++;
        }
      }
    const text = fields > 0 ? translate('booking.fixErrors') : failureText(err, translate);
    setFailure(text);
    notify(text, { type: 'error' });
  };
  const save = async (values: AddressFormValues) => {
    setBusy(true);
    setFailure(null);
    try {
      if (row) await sendCommand('UPDATE_ADDRESS', updateAddressInput(row.id, values));
      else await sendCommand('CREATE_ADDRESS', createAddressInput(values));
      await done('addressBook.saved');
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!row) return;
    setBusy(true);
    try {
      await sendCommand('DELETE_ADDRESS', { id: row.id });
      setConfirming(false);
      await done('addressBook.deleted');
    } catch (err) {
      setConfirming(false);
      refused(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        sx={{ p: 2 }}
        onSubmit={(e) => void form.handleSubmit(save)(e)}
        aria-label={translate(row ? 'addressBook.edit' : 'addressBook.new')}
      >
        <PageHeader title={translate(row ? 'addressBook.edit' : 'addressBook.new')}>
          <Button component={RouterLink} to={list}>
            {translate('addressBook.back')}
          </Button>
        </PageHeader>
        {failure ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="address-failure">
            {failure}
          </Alert>
        ) : null}
        <AddressForm
          departments={props.departments}
          departmentIds={props.members}
          savedUnplaced={row !== null && !isPlaced(row.block)}
        />
        {canWrite ? (
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button type="submit" variant="contained" disabled={busy} data-testid="address-save">
              {translate('addressBook.save')}
            </Button>
            {row && mayRun('DELETE_ADDRESS') ? (
              <Button
                color="error"
                variant="outlined"
                disabled={busy}
                onClick={() => setConfirming(true)}
                data-testid="address-delete"
              >
                {translate('addressBook.delete')}
              </Button>
            ) : null}
          </Stack>
        ) : (
          <Typography sx={{ mt: 2 }} color="text.secondary">
            {translate('addressBook.readOnly')}
          </Typography>
        )}
      </Box>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby="address-delete-title"
      >
        <DialogTitle id="address-delete-title">{translate('addressBook.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {translate('addressBook.deleteConfirm', { name: row?.block.name ?? '' })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={busy}>
            {translate('addressBook.cancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={busy}
            onClick={() => void remove()}
            data-testid="address-delete-confirm"
          >
            {translate('addressBook.deleteForGood')}
          </Button>
        </DialogActions>
      </Dialog>
    </FormProvider>
  );
}
