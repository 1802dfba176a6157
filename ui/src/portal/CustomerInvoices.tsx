import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { InvoiceRow } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { PageHeader } from '../layout/PageHeader';
import { usePageTitle } from '../layout/pageTitle';
import { useLocaleCode } from '../planner/invoicing/common';
import { InvoiceTable } from '../planner/invoicing/InvoiceTable';
import { runQuery } from '../shell/api';

/**
 * The customer's invoices with their files (docs/decisions/0074-customer-portal.md): the
 * `invoices` query of the customer's department, which the server answers with the invoices of
 * the customer and its sub-customers only, in the invoicing screen's table.
 */
export default function CustomerInvoices({ departmentId }: { departmentId: string }) {
  const translate = useTranslate();
  const locale = useLocaleCode();
  usePageTitle('portal.invoices');
  const invoices = useQuery({
    queryKey: ['invoices', departmentId, 'portal'],
    enabled: departmentId !== '',
    queryFn: () => runQuery<InvoiceRow[]>('invoices', { departmentId }),
  });
  return (
    <Box sx={{ p: 2 }}>
      <PageHeader title={translate('portal.invoices')} />
      {invoices.isError ? <Alert severity="error">{translate('errors.server')}</Alert> : null}
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <InvoiceTable
          rows={invoices.data ?? []}
          pending={invoices.isPending}
          label={translate('portal.invoices')}
          testId="portal-invoices"
          locale={locale}
        />
      </Paper>
    </Box>
  );
}
