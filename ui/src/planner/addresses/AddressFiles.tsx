import FileDownloadIcon from '@mui/icons-material/FileDownload';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  addressColumns,
  addressFileLanguages,
  type AddressFileLanguage,
  type AddressRowProblem,
  type AddressUploadResult,
} from '@nordlog/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { HttpFailure, failureText } from '../../errors/parse';
import { languageNames } from '../../i18n/languageNames';
import { normalizeLocale } from '../../i18n/locales';
import { GenericModal } from '../../layout/GenericModal';
import { uploadFailureText } from '../importing/api';
import { CustomerPicker, DialogButtons } from '../invoicing/common';
import type { CustomerOption } from '../invoicing/queries';
import { ADDRESSES_KEY, uploadProblems } from './addressModel';
import { downloadAddresses, uploadAddresses } from './api';

/**
 * The address book as a spreadsheet (docs/decisions/0061): a customer's addresses downloaded as
 * xlsx in a language, and a file uploaded (each row created, updated or left as it was; a file
 * with a refused row saves nothing and lists its rows).
 */
export function AddressFiles(props: {
  /** The screen's one department ('' on a group's screen: the file's rows name theirs). */
  departmentId: string;
  departmentIds: readonly string[];
  customerId: string;
  /** The customer of the list's filter, when known (its name shown, its number for the download). */
  customer: CustomerOption | undefined;
  canUpload: boolean;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState<'upload' | 'download' | null>(null);
  return (
    <>
      {props.canUpload ? (
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          onClick={() => setOpen('upload')}
          data-testid="addresses-upload-open"
        >
          {translate('addressBook.upload.button')}
        </Button>
      ) : null}
      <Button
        variant="outlined"
        startIcon={<FileDownloadIcon />}
        onClick={() => setOpen('download')}
        data-testid="addresses-download-open"
      >
        {translate('addressBook.download.button')}
      </Button>
      {open === 'upload' ? <UploadDialog {...props} onClose={() => setOpen(null)} /> : null}
      {open === 'download' ? <DownloadDialog {...props} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

type UploadState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; answer: AddressUploadResult }
  | { kind: 'refused'; rows: AddressRowProblem[]; refused: number }
  | { kind: 'failed'; text: string };

function UploadDialog(props: {
  departmentId: string;
  departmentIds: readonly string[];
  customerId: string;
  customer: CustomerOption | undefined;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [customerId, setCustomerId] = useState(props.customerId);
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  const busy = state.kind === 'busy';
  const upload = async () => {
    if (!file) return;
    setState({ kind: 'busy' });
    try {
      const answer = await uploadAddresses(file, {
        customerId,
        departmentId: props.departmentId,
      });
      setState({ kind: 'done', answer });
      await queryClient.invalidateQueries({ queryKey: [ADDRESSES_KEY] });
    } catch (err) {
      const problems = err instanceof HttpFailure ? uploadProblems(err.errors) : null;
      setState(
        problems && problems.rows.length > 0
          ? { kind: 'refused', ...problems }
          : { kind: 'failed', text: uploadFailureText(err, translate) },
      );
    }
  };
  return (
    <GenericModal open onClose={props.onClose} title={translate('addressBook.upload.title')}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2">{translate('addressBook.upload.hint')}</Typography>
        <Stack direction="row" spacing={2} alignItems="center" sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="outlined" component="label" disabled={busy}>
            {translate('addressBook.upload.choose')}
            <input
              hidden
              type="file"
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              data-testid="addresses-upload-file"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setState({ kind: 'idle' });
              }}
            />
          </Button>
          <Typography data-testid="addresses-upload-name">
            {file ? file.name : translate('addressBook.upload.noFile')}
          </Typography>
        </Stack>
        <CustomerPicker
          label={translate('addressBook.upload.customer')}
          kind="id"
          value={customerId}
          onChange={setCustomerId}
          departmentIds={props.departmentIds}
          known={props.customer}
          fullWidth
        />
        {busy ? (
          <LinearProgress
            aria-label={translate('addressBook.upload.busy')}
            data-testid="addresses-upload-progress"
          />
        ) : null}
        <UploadOutcome state={state} />
      </Stack>
      <DialogButtons
        busy={busy}
        // Sent: the same file again would change nothing; another file is chosen first.
        disabled={!file || state.kind === 'done'}
        onCancel={props.onClose}
        onConfirm={() => void upload()}
        label={translate('addressBook.upload.send')}
        testId="addresses-upload-send"
      />
    </GenericModal>
  );
}

function UploadOutcome({ state }: { state: UploadState }) {
  const translate = useTranslate();
  if (state.kind === 'done') {
    const a = state.answer;
    return (
      <>
        <Alert severity="success" data-testid="addresses-upload-done">
          {translate('addressBook.upload.done', {
            total: a.total,
            created: a.created,
            updated: a.updated,
            unchanged: a.unchanged,
          })}
        </Alert>
        {a.failed.length > 0 ? (
          <>
            <Alert severity="warning" role="alert" data-testid="addresses-upload-failed-rows">
              {translate('addressBook.upload.failedRows', {
                smart_count: new Set(a.failed.map((p) => p.row)).size,
              })}
            </Alert>
            <ProblemTable rows={a.failed} />
          </>
        ) : null}
      </>
    );
  }
  if (state.kind === 'failed')
    return (
      <Alert severity="error" role="alert" data-testid="addresses-upload-failed">
        {state.text}
      </Alert>
    );
  if (state.kind !== 'refused') return null;
  return (
    <>
      <Alert severity="error" role="alert" data-testid="addresses-upload-refused">
        {translate('addressBook.upload.refused', { smart_count: state.refused })}
      </Alert>
      <ProblemTable rows={state.rows} />
    </>
  );
}

/** The rows of a file that were refused, each with its column and the rule in the user's words. */
function ProblemTable({ rows }: { rows: readonly AddressRowProblem[] }) {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  // A column by its header in the user's language, as their downloaded file names it.
  const columnName = (key: string | null) =>
    key === null ? '–' : (addressColumns.find((c) => c.key === key)?.labels?.[locale] ?? key);
  return (
    <TableContainer sx={{ maxHeight: 320 }}>
      <Table size="small" stickyHeader aria-label={translate('addressBook.upload.problems')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('addressBook.upload.row')}</TableCell>
            <TableCell>{translate('addressBook.upload.column')}</TableCell>
            <TableCell>{translate('addressBook.upload.problem')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((p, i) => (
            <TableRow
              key={`${p.row}-${p.column ?? ''}-${i}`}
              data-testid="addresses-upload-problem"
            >
              <TableCell>{p.row}</TableCell>
              <TableCell>{columnName(p.column)}</TableCell>
              <TableCell>{p.key ? translate(p.key, { _: p.message }) : p.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function DownloadDialog(props: {
  departmentIds: readonly string[];
  customer: CustomerOption | undefined;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const [customerNumber, setCustomerNumber] = useState(props.customer?.alystraId ?? '');
  const [subcustomer, setSubcustomer] = useState('');
  const [language, setLanguage] = useState<AddressFileLanguage>(locale);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await downloadAddresses({ customerNumber, subcustomer: subcustomer.trim(), language });
      props.onClose();
    } catch (err) {
      setFailure(failureText(err, translate));
    } finally {
      setBusy(false);
    }
  };
  return (
    <GenericModal
      open
      size="small"
      onClose={props.onClose}
      title={translate('addressBook.download.title')}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <CustomerPicker
          label={translate('addressBook.download.customer')}
          kind="alystra"
          value={customerNumber}
          onChange={setCustomerNumber}
          departmentIds={props.departmentIds}
          known={props.customer}
          required
          fullWidth
        />
        <TextField
          size="small"
          label={translate('addressBook.download.subcustomer')}
          value={subcustomer}
          onChange={(e) => setSubcustomer(e.target.value)}
        />
        <TextField
          select
          size="small"
          label={translate('addressBook.download.language')}
          value={language}
          onChange={(e) => setLanguage(e.target.value as AddressFileLanguage)}
        >
          {addressFileLanguages.map((l) => (
            <MenuItem key={l} value={l}>
              {languageNames[l]}
            </MenuItem>
          ))}
        </TextField>
        {busy ? <LinearProgress aria-label={translate('addressBook.download.busy')} /> : null}
        {failure ? (
          <Alert severity="error" role="alert" data-testid="addresses-download-failed">
            {failure}
          </Alert>
        ) : null}
      </Stack>
      <DialogButtons
        busy={busy}
        disabled={customerNumber.trim() === ''}
        onCancel={props.onClose}
        onConfirm={() => void download()}
        label={translate('addressBook.download.send')}
        testId="addresses-download-send"
      />
    </GenericModal>
  );
}
