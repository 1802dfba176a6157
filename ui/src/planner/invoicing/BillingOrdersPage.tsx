import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
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
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { DateField } from '../../inputs/LazyPickers';
import { usePageTitle } from '../../layout/pageTitle';
import {
  CustomerPicker,
  DialogButtons,
  EmptyRow,
  FailureAlert,
  InvoicingHeader,
  useInvoicingDepartment,
  useMoney,
} from './common';
import {
  billingFormDefaults,
  billingFormIssues,
  billingFormTotal,
  billingPayload,
  emptyBillingItem,
  type BillingFormValues,
  type BillingItemValues,
} from './billingModel';
import { billingOrderTotal, monthPeriod } from './invoicingModel';
import { useBillingOrders, useCustomerNames } from './queries';
import { useInvoicingCommands } from './useInvoicingCommands';

const ITEM_FIELDS = [
  'articleCode',
  'specification',
  'quantity',
  'customerAmount',
  'carrierAmount',
  'creditLineId',
] as const satisfies readonly (keyof BillingItemValues)[];

/**
 * Billing orders (spec §2 `/billing-order/*`, §3 billing order: deliveryDate and items; §7
 * CREATE_BILLING_ORDER; issue 18 §2): charges that are not a transport (storage, an extra
 * service, a credit) for a customer, invoiced with its orders by the next invoicing run of the
 * period. The list shows a period's billing orders (this month to start with) and whether each
 * is invoiced; "New billing order" opens the form, whose rules are the server's.
 */
export default function BillingOrdersPage() {
  const translate = useTranslate();
  usePageTitle('invoicingScreen.billing.title');
  const department = useInvoicingDepartment();
  const money = useMoney();
  const [period, setPeriod] = useState(() => monthPeriod(department.today));
  const orders = useBillingOrders(
    department.departmentId ? { departmentId: department.departmentId, ...period } : null,
  );
  const rows = orders.data ?? [];
  const names = useCustomerNames(rows.map((r) => String(r.customerId)));
  const [creating, setCreating] = useState(false);
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`invoicingScreen.billing.${key}`, options);
  return (
    <Box sx={{ p: 2, minWidth: 0 }}>
      <InvoicingHeader title={t('title')} department={department}>
        <DateField
          label={translate('invoicingScreen.period.from')}
          value={period.fromDate}
          onChange={(fromDate) => fromDate && setPeriod((p) => ({ ...p, fromDate }))}
          minWidth={170}
        />
        <DateField
          label={translate('invoicingScreen.period.to')}
          value={period.toDate}
          onChange={(toDate) => toDate && setPeriod((p) => ({ ...p, toDate }))}
          minWidth={170}
        />
        <Button component={RouterLink} to={`/planner/${department.param}/invoicing`}>
          {translate('invoicingScreen.title')}
        </Button>
        <Button
          variant="contained"
          color="secondary"
          startIcon={<AddIcon />}
          disabled={!department.departmentId}
          onClick={() => setCreating(true)}
          data-testid="billing-new"
        >
          {t('new')}
        </Button>
      </InvoicingHeader>
      {orders.isError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {translate('errors.server')}
        </Alert>
      ) : null}
      <TableContainer
        component={Paper}
        variant="outlined"
        tabIndex={0}
        role="region"
        aria-label={t('title')}
      >
        <Table size="small" data-testid="billing-orders">
          <TableHead>
            <TableRow>
              <TableCell>{t('columns.id')}</TableCell>
              <TableCell>{t('columns.customer')}</TableCell>
              <TableCell>{t('columns.deliveryDate')}</TableCell>
              <TableCell>{t('columns.reference')}</TableCell>
              <TableCell>{t('columns.items')}</TableCell>
              <TableCell align="right">{t('columns.total')}</TableCell>
              <TableCell>{t('columns.invoice')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <EmptyRow
                colSpan={7}
                loading={orders.isPending}
                text={t('none')}
                testId="billing-none"
              />
            ) : (
              rows.map((b) => (
                <TableRow key={b.id} data-testid="billing-order" data-id={b.id}>
                  <TableCell>{b.id}</TableCell>
                  <TableCell>{names.get(String(b.customerId)) ?? b.customerId}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{b.deliveryDate}</TableCell>
                  <TableCell>{b.reference}</TableCell>
                  <TableCell>
                    {b.items.map((i) => `${i.quantity} × ${i.specification}`).join(', ')}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {money(billingOrderTotal(b), department.currency)}
                  </TableCell>
                  <TableCell>
                    {b.invoiced ? t('invoicedOn', { number: b.invoiced.invoiceNumber }) : t('open')}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {department.departmentId ? (
        <BillingOrderDialog
          open={creating}
          departmentId={department.departmentId}
          departmentIds={department.members}
          today={department.today}
          currency={department.currency}
          onClose={() => setCreating(false)}
        />
      ) : null}
    </Box>
  );
}

/** The new billing order's form: customer, delivery date, reference and its items. */
function BillingOrderDialog(props: {
  open: boolean;
  departmentId: string;
  departmentIds: readonly string[];
  today: string;
  currency: string | null;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const money = useMoney();
  const commands = useInvoicingCommands();
  const [values, setValues] = useState<BillingFormValues>(() => billingFormDefaults(props.today));
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { open, today } = props;
  useEffect(() => {
    if (open) {
      setValues(billingFormDefaults(today));
      setIssues({});
      setFailure(null);
    }
  }, [open, today]);
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`invoicingScreen.billing.form.${key}`, options);
  const issue = (path: string) => (issues[path] ? translate(issues[path]) : undefined);
  const setItem = (i: number, change: Partial<BillingItemValues>) =>
    setValues((v) => ({
      ...v,
      items: v.items.map((item, j) => (j === i ? { ...item, ...change } : item)),
    }));
  const save = async () => {
    const found = billingFormIssues(props.departmentId, values);
    setIssues(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await commands.createBillingOrder(billingPayload(props.departmentId, values));
      if (result.ok) props.onClose();
      else setFailure(result.failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : props.onClose}
      maxWidth="lg"
      fullWidth
      aria-labelledby="billing-form-title"
    >
      <DialogTitle id="billing-form-title">{t('title')}</DialogTitle>
      <DialogContent>
        <FailureAlert failure={failure} testId="billing-failure" />
        <Stack direction="row" spacing={2} sx={{ mt: 1, mb: 2, flexWrap: 'wrap', rowGap: 2 }}>
          <CustomerPicker
            kind="id"
            required
            label={t('customer')}
            value={values.customerId}
            onChange={(customerId) => setValues((v) => ({ ...v, customerId }))}
            departmentIds={props.departmentIds}
            error={!!issues.customerId}
            helperText={issue('customerId')}
            minWidth={280}
          />
          <DateField
            label={t('deliveryDate')}
            value={values.deliveryDate}
            onChange={(deliveryDate) => setValues((v) => ({ ...v, deliveryDate }))}
            error={!!issues.deliveryDate}
            helperText={issue('deliveryDate') ?? ' '}
            minWidth={170}
          />
          <TextField
            size="small"
            label={t('reference')}
            value={values.reference}
            onChange={(e) => setValues((v) => ({ ...v, reference: e.target.value }))}
            error={!!issues.reference}
            helperText={issue('reference') ?? t('referenceHint')}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            sx={{ flexGrow: 1 }}
          />
        </Stack>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {t('items')}
        </Typography>
        {issues.items ? (
          <Alert severity="error" sx={{ mb: 1 }}>
            {translate(issues.items)}
          </Alert>
        ) : null}
        <Stack spacing={1}>
          {values.items.map((item, i) => (
            <Stack
              key={i}
              direction="row"
              spacing={1}
              sx={{ alignItems: 'flex-start' }}
              data-testid="billing-item"
            >
              {ITEM_FIELDS.map((f) => (
                <TextField
                  key={f}
                  size="small"
                  required={f !== 'carrierAmount' && f !== 'creditLineId'}
                  label={t(`fields.${f}`, { currency: props.currency ?? '' })}
                  value={item[f]}
                  onChange={(e) =>
                    setItem(i, {
                      [f]: f === 'articleCode' ? e.target.value.toUpperCase() : e.target.value,
                    })
                  }
                  error={!!issues[`items.${i}.${f}`]}
                  helperText={issue(`items.${i}.${f}`) ?? ' '}
                  slotProps={{
                    htmlInput: {
                      'data-testid': `billing-${f}`,
                      ...(f === 'quantity' ? { inputMode: 'numeric' } : {}),
                      ...(f === 'customerAmount' || f === 'carrierAmount'
                        ? { inputMode: 'decimal' }
                        : {}),
                    },
                  }}
                  sx={f === 'specification' ? { flexGrow: 1 } : { width: 140 }}
                />
              ))}
              <IconButton
                aria-label={t('removeItem', { n: i + 1 })}
                disabled={values.items.length === 1}
                onClick={() =>
                  setValues((v) => ({ ...v, items: v.items.filter((_, j) => j !== i) }))
                }
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Stack>
          ))}
        </Stack>
        <Stack direction="row" sx={{ mt: 1, alignItems: 'center' }}>
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() => setValues((v) => ({ ...v, items: [...v.items, emptyBillingItem()] }))}
          >
            {t('addItem')}
          </Button>
          <Typography sx={{ ml: 'auto' }} data-testid="billing-total">
            {t('total', { total: money(billingFormTotal(values), props.currency) })}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogButtons
        busy={busy}
        onCancel={props.onClose}
        onConfirm={() => void save()}
        label={t('save')}
        testId="billing-save"
      />
    </Dialog>
  );
}
