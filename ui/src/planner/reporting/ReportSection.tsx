import DownloadIcon from '@mui/icons-material/Download';
import TableViewIcon from '@mui/icons-material/TableView';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { saveBlob } from '../../shell/download';

/**
 * A report's section below its counts (routes 0090, invoicing 0096): its heading, a hint, the
 * CSV and xlsx downloads of its table (named `{fileName}-{suffix}`), and the table. `messages` is
 * the section's message group (its `title`, `hint`, `exportCsv`, `exportXlsx`).
 */
export function ReportSection(props: {
  messages: string;
  testId: string;
  fileName: string;
  suffix: string;
  empty: boolean;
  csv: () => string;
  xlsx: () => Promise<Blob>;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const t = (key: string) => translate(`${props.messages}.${key}`);
  const exportXlsx = async () => {
    setSaving(true);
    try {
      saveBlob(await props.xlsx(), `${props.fileName}-${props.suffix}.xlsx`);
    } catch {
      notify('reporting.xlsxFailed', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Box sx={{ mt: 3 }} data-testid={props.testId}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('title')}
        </Typography>
        <Box data-print="hide" sx={{ display: 'flex', gap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={props.empty}
            onClick={() =>
              saveBlob(
                new Blob([props.csv()], { type: 'text/csv;charset=utf-8' }),
                `${props.fileName}-${props.suffix}.csv`,
              )
            }
          >
            {t('exportCsv')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<TableViewIcon />}
            disabled={props.empty || saving}
            onClick={() => void exportXlsx()}
          >
            {t('exportXlsx')}
          </Button>
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('hint')}
      </Typography>
      {props.children}
    </Box>
  );
}
