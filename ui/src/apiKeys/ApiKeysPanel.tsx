import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ApiKeyRow, ApiKeyShownOnce } from '@nordlog/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useLocaleState, useTranslate } from 'react-admin';
import { useMayRun } from '../access/useMayRun';
import { FormSection, useFailureText } from '../planner/resources/common';
import { runQuery, sendCommand } from '../shell/api';

type KeyCommand = 'CREATE_API_KEY' | 'ROTATE_API_KEY' | 'REVOKE_API_KEY';

/**
 * A customer's API keys (issue 43 §4; docs/decisions/0069-api-keys.md), on its admin screen and
 * in the customer portal (0085): create one with a label, rotate or revoke it. A new or rotated
 * key is shown here once, with a copy button; the product keeps only its hash, so it cannot be
 * shown again.
 */
export function ApiKeysPanel({
  customerId,
  title,
}: {
  customerId: string;
  /** The section's heading (default: API keys; the portal's page is already named so). */
  title?: string;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`apiKeys.${key}`, options);
  const [locale] = useLocaleState();
  const mayRun = useMayRun();
  const failureText = useFailureText();
  const queryClient = useQueryClient();
  const [label, setLabel] = useState('');
  const [shown, setShown] = useState<ApiKeyShownOnce['apiKey'] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const keys = useQuery({
    queryKey: ['apiKeys', customerId],
    queryFn: () => runQuery<ApiKeyRow[]>('apiKeys', { customerId }),
  });
  const run = async (name: KeyCommand, payload: object) => {
    setFailure(null);
    setCopied(false);
    try {
      const answer = (await sendCommand(name, payload)) as unknown as Partial<ApiKeyShownOnce>;
      setShown(answer.apiKey ?? null);
      if (name === 'CREATE_API_KEY') setLabel('');
      await queryClient.invalidateQueries({ queryKey: ['apiKeys', customerId] });
    } catch (err) {
      setFailure(failureText(err));
    }
  };
  const when = (at: string | null) => (at ? new Date(at).toLocaleString(locale) : '–');
  return (
    <FormSection id="api-keys-title" title={title ?? t('title')}>
      <Stack spacing={1.5}>
        <Typography variant="body2" color="text.secondary">
          {t('intro')}
        </Typography>
        {failure ? <Alert severity="error">{failure}</Alert> : null}
        {shown ? (
          <Alert severity="warning" onClose={() => setShown(null)} data-testid="api-key-shown">
            <Typography variant="body2">{t('shownOnce')}</Typography>
            <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 1 }}>
              <code style={{ wordBreak: 'break-all' }}>{shown.key}</code>
              <Button
                size="small"
                onClick={() =>
                  void navigator.clipboard?.writeText(shown.key).then(() => setCopied(true))
                }
              >
                {copied ? t('copied') : t('copy')}
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {mayRun('CREATE_API_KEY') ? (
          <Stack direction="row" spacing={2} alignItems="center">
            <TextField
              size="small"
              label={t('label')}
              value={label}
              onChange={(e) => setLabel(e.target.value)}
              inputProps={{ maxLength: 100 }}
              sx={{ minWidth: 260 }}
            />
            <Button
              variant="outlined"
              disabled={label.trim() === ''}
              onClick={() => void run('CREATE_API_KEY', { customerId, label })}
            >
              {t('create')}
            </Button>
          </Stack>
        ) : null}
        {keys.data && keys.data.length > 0 ? (
          <Table size="small" aria-labelledby="api-keys-title">
            <TableHead>
              <TableRow>
                <TableCell>{t('label')}</TableCell>
                <TableCell>{t('id')}</TableCell>
                <TableCell>{t('created')}</TableCell>
                <TableCell>{t('rotated')}</TableCell>
                <TableCell>{t('status')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {keys.data.map((k) => (
                <TableRow key={k.id}>
                  <TableCell>{k.label}</TableCell>
                  <TableCell>
                    <code>{`nlk_${k.id.slice(0, 8)}…`}</code>
                  </TableCell>
                  <TableCell>{when(k.createdAt)}</TableCell>
                  <TableCell>{when(k.rotatedAt)}</TableCell>
                  <TableCell>
                    {k.revokedAt ? t('revokedAt', { at: when(k.revokedAt) }) : t('active')}
                  </TableCell>
                  <TableCell align="right">
                    {k.revokedAt ? null : (
                      <Stack direction="row" spacing={1} justifyContent="flex-end">
                        {mayRun('ROTATE_API_KEY') ? (
                          <Button
                            size="small"
                            onClick={() => void run('ROTATE_API_KEY', { id: k.id })}
                          >
                            {t('rotate')}
                          </Button>
                        ) : null}
                        {mayRun('REVOKE_API_KEY') ? (
                          <Button size="small" color="error" onClick={() => setRevoking(k.id)}>
                            {t('revoke')}
                          </Button>
                        ) : null}
                      </Stack>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <Typography variant="body2">{keys.isPending ? '…' : t('none')}</Typography>
        )}
      </Stack>
      <Confirm
        isOpen={revoking !== null}
        title={t('revokeTitle')}
        content={t('revokeText')}
        onConfirm={() => {
          const id = revoking;
          setRevoking(null);
          if (id) void run('REVOKE_API_KEY', { id });
        }}
        onClose={() => setRevoking(null)}
      />
    </FormSection>
  );
}
