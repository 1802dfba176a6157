import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { EXPORT_LOCATION_LIST_PATH, locationListFileName } from '@nordlog/contracts';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { HttpFailure, parseErrorBody } from '../../errors/parse';
import { csrfHeaders, fetchApi } from '../../shell/api';

/** Asks the server for a slot's location list and saves it as a file (spec §7). */
async function downloadLocations(slotId: string): Promise<void> {
  const res = await fetchApi(`/api${EXPORT_LOCATION_LIST_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/csv, application/json',
      ...csrfHeaders(),
    },
    body: JSON.stringify({ slot: slotId }),
    read: true,
  });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw new HttpFailure(res.status, parseErrorBody(body, res.status, res.statusText), body);
  }
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = locationListFileName(slotId);
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the file to the browser; the object URL is not needed after it.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

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
