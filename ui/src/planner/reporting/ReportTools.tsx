import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import TableViewIcon from '@mui/icons-material/TableView';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { saveBlob } from '../../shell/download';
import {
  reportColumns,
  reportCsv,
  reportTable,
  type ReportHeaders,
  type ReportRows,
} from './reportData';
import { xlsxBlob } from './reportXlsx';
import type { ProductivityRow } from '@nordlog/contracts';

/**
 * Printed, a report is its title, range, chart and table on white, nothing of the app around it
 * (the route lists' way: `:has` keeps only the ancestors of `.nl-report-print`).
 */
export const reportPrintStyles = `
@media print {
  @page { size: A4 landscape; margin: 10mm; }
  html, body { background: #fff !important; }
  body *:not(:has(.nl-report-print)):not(.nl-report-print):not(.nl-report-print *) {
    display: none !important;
  }
  *:has(> * .nl-report-print), *:has(> .nl-report-print) {
    display: block !important; position: static !important; margin: 0 !important;
    padding: 0 !important; width: auto !important; height: auto !important;
    min-height: 0 !important; overflow: visible !important; box-shadow: none !important;
    background: #fff !important;
  }
  .nl-report-print [data-print="hide"] { display: none !important; }
  .nl-report-print, .nl-report-print * { color: #000 !important; }
  .nl-report-print figure { break-inside: avoid; page-break-inside: avoid; }
  .nl-report-print table { font-size: 9pt; }
  .nl-report-print thead { display: table-header-group; }
  .nl-report-print tr { break-inside: avoid; page-break-inside: avoid; }
  .nl-report-print th, .nl-report-print td { padding: 1mm 1.5mm !important;
    border-bottom: 0.2mm solid #999 !important; }
}
`;

/**
 * A report's files and print (docs/decisions/0080, 0082): CSV, xlsx (the same table: the same
 * headers, rows and totals) and the browser's print of the report alone.
 */
export function ReportTools(props: {
  report: ReportRows | undefined;
  /** The first column's heading (what a row is). */
  group: string;
  name: (row: ProductivityRow) => string;
  /** The file name without its extension; the xlsx sheet's name. */
  fileName: string;
  title: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const { report, name, fileName } = props;
  const headers = (): ReportHeaders => ({
    group: props.group,
    counts: reportColumns.map((f) => translate(`reporting.${f}`)),
    rate: translate('reporting.onTimeRate'),
    reasons: translate('reporting.reasons'),
    total: translate('reporting.total'),
  });
  const reason = (code: string) => translate(`enums.deviationReason.${code}`, { _: code });
  const empty = !report || report.rows.length === 0;
  const exportCsv = (data: ReportRows) =>
    saveBlob(
      new Blob([reportCsv(data, headers(), name, reason)], { type: 'text/csv;charset=utf-8' }),
      `${fileName}.csv`,
    );
  const exportXlsx = async (data: ReportRows) => {
    setSaving(true);
    try {
      const table = reportTable(data, headers(), name, reason);
      saveBlob(await xlsxBlob(props.title, table, 1 + reportColumns.length), `${fileName}.xlsx`);
    } catch {
      notify('reporting.xlsxFailed', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  const sx = { mb: 2.5 };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        disabled={empty}
        onClick={() => report && exportCsv(report)}
        sx={sx}
      >
        {translate('reporting.exportCsv')}
      </Button>
      <Button
        variant="outlined"
        startIcon={<TableViewIcon />}
        disabled={empty || saving}
        onClick={() => report && void exportXlsx(report)}
        sx={sx}
      >
        {translate('reporting.exportXlsx')}
      </Button>
      <Button
        variant="outlined"
        startIcon={<PrintIcon />}
        disabled={empty}
        onClick={() => window.print()}
        sx={sx}
      >
        {translate('reporting.print')}
      </Button>
      <style>{reportPrintStyles}</style>
    </>
  );
}

/** Shown on paper only (the report's title: on screen the page's header says it). */
export const printOnly = { display: 'none', '@media print': { display: 'block' } } as const;
