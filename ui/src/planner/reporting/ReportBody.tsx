import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ProductivityRow } from '@nordlog/contracts';
import type { ComponentProps, ReactNode } from 'react';
import { Loading, useLocale, useTranslate } from 'react-admin';
import { formatDate, normalizeLocale } from '../../i18n/locales';
import { ProductivityChart } from './ProductivityChart';
import { ProductivityTable } from './ProductivityTable';
import { printOnly } from './ReportTools';

/**
 * What a report page prints (the planner's report and dashboard, the admin report): its title on
 * paper, its dates, then the chart and the table with totals, or why there are none; `children`
 * follow (the planner's report adds the recipients' scores).
 */
export function ReportBody(props: {
  printTitle: string;
  fromDate: string;
  toDate: string;
  failed: boolean;
  report: ComponentProps<typeof ProductivityTable>['report'] | undefined;
  group: string;
  name: (row: ProductivityRow) => string;
  testId?: string;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const { report } = props;
  return (
    <Box className="nl-report-print">
      <Typography variant="h6" component="p" sx={printOnly}>
        {props.printTitle}
      </Typography>
      <Typography data-testid="report-range" variant="body2" sx={{ mb: 1 }}>
        {`${formatDate(props.fromDate, locale)} – ${formatDate(props.toDate, locale)}`}
      </Typography>
      {props.failed ? (
        <Alert severity="error">{translate('reporting.failed')}</Alert>
      ) : !report ? (
        <Loading />
      ) : report.rows.length === 0 ? (
        <Alert severity="info">{translate('reporting.empty')}</Alert>
      ) : (
        <>
          <ProductivityChart rows={report.rows} name={props.name} />
          <ProductivityTable
            report={report}
            group={props.group}
            name={props.name}
            {...(props.testId ? { testId: props.testId } : {})}
          />
        </>
      )}
      {props.children}
    </Box>
  );
}
