import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  IMPORT_TEMPLATE_PATH,
  MAX_IMPORT_FILE_BYTES,
  MAX_IMPORT_ROWS,
  orderImportColumns,
  type ImportStatus,
} from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { formatDateTime, normalizeLocale } from '../../i18n/locales';
import { PageHeader } from '../../layout/PageHeader';
import { usePageTitle } from '../../layout/pageTitle';
import { runQuery } from '../../shell/api';
import { uploadFailureText, uploadOrders } from './api';

/**
 * `/planner/{dep}/import` (docs/decisions/0059-import.md): upload an xlsx or CSV file of orders,
 * download the template, and the department's latest imports with their counts.
 */
export default function ImportPage() {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const navigate = useNavigate();
  usePageTitle('importing.title');
  const { departmentId = '' } = useParams();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const imports = useQuery({
    queryKey: ['getImportStatus', departmentId],
    enabled: departmentId !== '',
    queryFn: () => runQuery<ImportStatus[]>('getImportStatus', { departmentId }),
    refetchInterval: (q) => (q.state.data?.some((i) => i.status === 'RUNNING') ? 2000 : false),
  });
  const send = async () => {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await uploadOrders(departmentId, file);
      void navigate(`/planner/${departmentId}/import/${answer.importId}`);
    } catch (err) {
      setFailure(uploadFailureText(err, translate));
    } finally {
      setBusy(false);
    }
  };
  const template = (ext: string) => `/api${IMPORT_TEMPLATE_PATH}/orders.${ext}`;
  return (
    <Box sx={{ p: 2 }}>
      <PageHeader title={translate('importing.title')} />
      <Paper sx={{ p: 2, mb: 2 }}>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('importing.hint', {
            rows: MAX_IMPORT_ROWS,
            megabytes: MAX_IMPORT_FILE_BYTES / 1024 / 1024,
          })}
        </Typography>
        <Stack direction="row" spacing={2} alignItems="center" sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
            {translate('importing.chooseFile')}
            <input
              hidden
              type="file"
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              data-testid="import-file"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setFailure(null);
              }}
            />
          </Button>
          <Typography variant="body2" data-testid="import-file-name">
            {file?.name ?? translate('importing.noFile')}
          </Typography>
          <Button
            variant="contained"
            disabled={!file || busy}
            onClick={() => void send()}
            data-testid="import-upload"
          >
            {translate('importing.upload')}
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          <Button
            startIcon={<DownloadIcon />}
            href={template('xlsx')}
            download
            data-testid="import-template-xlsx"
          >
            {translate('importing.templateXlsx')}
          </Button>
          <Button startIcon={<DownloadIcon />} href={template('csv')} download>
            {translate('importing.templateCsv')}
          </Button>
        </Stack>
        {failure ? (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="import-failure">
            {failure}
          </Alert>
        ) : null}
        <Typography variant="caption" component="p" sx={{ mt: 1, color: 'text.secondary' }}>
          {translate('importing.columns')}: {orderImportColumns.map((c) => c.key).join(', ')}
        </Typography>
      </Paper>
      <Typography variant="h6" sx={{ mb: 1 }}>
        {translate('importing.latest')}
      </Typography>
      {imports.data && imports.data.length === 0 ? (
        <Typography variant="body2">{translate('importing.none')}</Typography>
      ) : (
        <Table size="small" data-testid="import-list">
          <TableHead>
            <TableRow>
              <TableCell>{translate('importing.file')}</TableCell>
              <TableCell>{translate('importing.created')}</TableCell>
              <TableCell>{translate('importing.status')}</TableCell>
              <TableCell align="right">{translate('importing.booked')}</TableCell>
              <TableCell align="right">{translate('importing.refused')}</TableCell>
              <TableCell align="right">{translate('importing.total')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(imports.data ?? []).map((i) => (
              <TableRow key={i.importId}>
                <TableCell>
                  <Link component={RouterLink} to={`/planner/${departmentId}/import/${i.importId}`}>
                    {i.fileName}
                  </Link>
                </TableCell>
                <TableCell>{formatDateTime(i.createdAt, locale)}</TableCell>
                <TableCell>{translate(`importing.states.${i.status}`)}</TableCell>
                <TableCell align="right">{i.booked}</TableCell>
                <TableCell align="right">{i.refused}</TableCell>
                <TableCell align="right">{i.total}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
