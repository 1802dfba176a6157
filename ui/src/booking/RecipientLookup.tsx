import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  recipientCriterion,
  searchRecipientIdSchema,
  type RecipientFound,
  type RecipientSearchAnswer,
} from '@nordlog/contracts';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { mayRun } from '../access/commands';
import { useShell } from '../app/UserContext';
import { failureText } from '../errors/parse';
import { sendCommand } from '../shell/api';
import { blockValues, type FormValues } from './formModel';

/**
 * "Find an earlier recipient" of the delivery block (SEARCH_RECIPIENT_ID, docs/decisions/0089):
 * a phone, an e-mail or a part of a name finds the customer's saved addresses and earlier orders'
 * recipients; a pick fills the block. Checked by the command's own schema before it is sent.
 */
export function RecipientLookup() {
  const translate = useTranslate();
  const { user } = useShell();
  const { setValue } = useFormContext<FormValues>();
  const [customerId, departmentId] = useWatch<FormValues, ['customerId', 'departmentId']>({
    name: ['customerId', 'departmentId'],
  });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<RecipientFound[] | null>(null);
  const [busy, setBusy] = useState(false);
  if (!mayRun(user, 'SEARCH_RECIPIENT_ID') || !customerId) return null;

  const find = async () => {
    const payload = {
      customerId,
      departmentId: departmentId || undefined,
      ...recipientCriterion(text),
    };
    const checked = searchRecipientIdSchema.safeParse(payload);
    if (!checked.success) {
      setError(translate(checked.error.issues[0]?.message ?? 'validation.invalid'));
      setFound(null);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = (await sendCommand(
        'SEARCH_RECIPIENT_ID',
        checked.data,
      )) as unknown as RecipientSearchAnswer;
      setFound(answer.recipients);
    } catch (err) {
      setError(failureText(err, translate));
      setFound(null);
    } finally {
      setBusy(false);
    }
  };
  const pick = (r: RecipientFound) => {
    const block = blockValues(r.block);
    for (const field of Object.keys(block) as (keyof typeof block)[])
      setValue(`delivery.${field}`, block[field], { shouldValidate: true, shouldDirty: true });
    setFound(null);
    setText('');
  };

  return (
    <Box data-testid="recipient-lookup">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          fullWidth
          label={translate('moveOrdersNew.findRecipient')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void find();
            }
          }}
          error={error !== null}
          helperText={error ?? translate('moveOrdersNew.findRecipientHint')}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Button variant="outlined" disabled={busy || !text.trim()} onClick={() => void find()}>
          {translate('moveOrdersNew.find')}
        </Button>
      </Box>
      {found !== null && found.length === 0 ? (
        <Typography variant="body2" color="text.secondary" role="status">
          {translate('moveOrdersNew.noRecipient')}
        </Typography>
      ) : null}
      {found !== null && found.length > 0 ? (
        <List dense aria-label={translate('moveOrdersNew.recipients')}>
          {found.map((r) => (
            <ListItemButton key={`${r.source}-${r.recipientId}`} onClick={() => pick(r)}>
              <ListItemText
                primary={`${r.block.name}, ${r.block.address}, ${r.block.zipCode} ${r.block.zipArea}`}
                secondary={[
                  translate(`moveOrdersNew.source.${r.source}`),
                  r.block.phone,
                  r.block.email,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItemButton>
          ))}
        </List>
      ) : null}
    </Box>
  );
}
