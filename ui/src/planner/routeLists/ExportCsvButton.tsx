import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { EXPORT_LOCATION_LIST_PATH, locationListFileName } from '@nordlog/contracts';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { HttpFailure } from '../../errors/parse';
import { downloadFile } from '../../shell/download';

/** Asks the server for a slot's location list and saves it as a file (spec §7). */
const downloadLocations = (slotId: string) =>
  downloadFile(`/api${EXPORT_LOCATION_LIST_PATH}`, { slot: slotId }, locationListFileName(slotId));

/** "Download locations (CSV)": the slot's stops in route order, for Excel or a navigator. */
export function ExportCsvButton({ slotId }: { slotId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadLocations(slotId);
    } catch (err) {
      const first = err instanceof HttpFailure ? err.errors[0] : undefined;
      notify(
        first?.errorType
          ? translate(`errors.${first.errorType}`, { _: translate('routeLists.exportFailed') })
          : translate('routeLists.exportFailed'),
        { type: 'error' },
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      disabled={busy}
      onClick={() => void download()}
      data-testid="export-locations"
    >
      {busy ? translate('routeLists.exporting') : translate('routeLists.exportCsv')}
    </Button>
  );
}
