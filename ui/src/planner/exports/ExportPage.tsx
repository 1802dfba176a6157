import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  EXPORT_MAX_DAYS,
  EXPORT_QUERY_PATH,
  exportColumnsFor,
  exportFileName,
  exportRangeProblem,
  type ExportFormat,
} from '@nordlog/contracts';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { failureText } from '../../errors/parse';
import { timeZoneFor, todayIn } from '../../i18n/locales';
import { PageHeader } from '../../layout/PageHeader';
import { usePageTitle } from '../../layout/pageTitle';
import { useDepartmentOptions } from '../../layout/useDepartments';
import { downloadFile } from '../../shell/download';
import { DateRangeFilter } from '../DateRangeFilter';

/** A date of the URL, or null when it is not one (yyyy-MM-dd). */
const dateParam = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;

const ACCEPT: Record<ExportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * `/planner/{dep}/export/` (spec §2, §7; docs/decisions/0060): the department's shipments of a
 * date range as CSV or Excel, with or without the control columns, downloaded while a bar runs;
 * the columns the file will have are listed under the form.
 */
export default function ExportPage() {
  const translate = useTranslate();
  const notify = useNotify();
  usePageTitle('exports.title');
  const { departmentId = '' } = useParams();
  const option = useDepartmentOptions().data?.find((d) => d.id === departmentId);
  const today = todayIn(timeZoneFor(option?.country ?? null));
  // The range is in the URL (`?fromDate=&toDate=`), so an export can be bookmarked or sent on.
  const [search, setSearch] = useSearchParams();
  const range = {
    fromDate: dateParam(search.get('fromDate')) ?? today,
    toDate: dateParam(search.get('toDate')) ?? today,
  };
  const setRange = (next: { fromDate: string; toDate: string }) =>
    setSearch(next, { replace: true });
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [removeControl, setRemoveControl] = useState(true);
  const [busy, setBusy] = useState(false);
  const problem = exportRangeProblem(range.fromDate, range.toDate);
  const columns = exportColumnsFor(removeControl);

  const run = async () => {
    setBusy(true);
    const params = {
      department: departmentId,
      fromDate: range.fromDate,
      toDate: range.toDate,
      isRemoveControlColumnsChecked: removeControl,
      format,
    };
    try {
      await downloadFile(
        `/api${EXPORT_QUERY_PATH}`,
        params,
        exportFileName(params),
        ACCEPT[format],
      );
      notify(translate('exports.done'), { type: 'info' });
    } catch (err) {
      notify(`${translate('exports.failed')}: ${failureText(err, translate)}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 960 }}>
      <PageHeader title={translate('exports.title')} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} flexWrap="wrap" alignItems="flex-start">
            <DateRangeFilter
              fromDate={range.fromDate}
              toDate={range.toDate}
              today={today}
              onChange={setRange}
            />
          </Stack>
          {problem && (
            <Alert severity="warning" data-testid="export-range-problem">
              {translate(`exports.${problem}`, { days: EXPORT_MAX_DAYS })}
            </Alert>
          )}
          <RadioGroup
            row
            value={format}
            onChange={(e) => setFormat(e.target.value as ExportFormat)}
            aria-label={translate('exports.format')}
          >
            <FormControlLabel value="csv" control={<Radio />} label={translate('exports.csv')} />
            <FormControlLabel value="xlsx" control={<Radio />} label={translate('exports.xlsx')} />
          </RadioGroup>
          <FormControlLabel
            control={
              <Checkbox
                checked={removeControl}
                onChange={(e) => setRemoveControl(e.target.checked)}
                data-testid="export-remove-control"
              />
            }
            label={translate('exports.removeControl')}
          />
          <div>
            <Button
              variant="contained"
              startIcon={<DownloadIcon />}
              disabled={busy || problem !== null || departmentId === ''}
              onClick={() => void run()}
              data-testid="export-run"
            >
              {busy ? translate('exports.running') : translate('exports.run')}
            </Button>
          </div>
          {busy && <LinearProgress aria-label={translate('exports.running')} />}
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle2" gutterBottom>
          {translate('exports.columns', { smart_count: columns.length })}
        </Typography>
        <Stack direction="row" flexWrap="wrap" useFlexGap spacing={1} data-testid="export-columns">
          {columns.map((c) => (
            <Chip
              key={c.name}
              size="small"
              label={c.name}
              variant={c.control ? 'outlined' : 'filled'}
            />
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
