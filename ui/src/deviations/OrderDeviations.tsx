import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { OrderDeviationRow } from '@nordlog/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useLocale, useNotify, useTranslate } from 'react-admin';
import { useMayRun } from '../access/useMayRun';
import { enumKey } from '../i18n/enums';
import { formatDateTime, normalizeLocale } from '../i18n/locales';
import { failureText } from '../planner/planning/commands';
import { runQuery, sendCommand } from '../shell/api';
import { DeviationDialog } from './DeviationDialog';

/** The query key of an order's deviations (socket changes of `orderDeviations` apply to it). */
export const orderDeviationsKey = (orderId: string, revision: number) => [
  'orderDeviations',
  'rows',
  orderId,
  revision,
];

/**
 * An order's deviations in the details panel (docs/decisions/0051-deviations.md): reason, text,
 * who and when, where; a planner who may reports, edits and deletes them here.
 */
export function OrderDeviations(props: { orderId: string; revision: number; timeZone: string }) {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const notify = useNotify();
  const mayRun = useMayRun();
  const queryClient = useQueryClient();
  const key = orderDeviationsKey(props.orderId, props.revision);
  const deviations = useQuery({
    queryKey: key,
    queryFn: () => runQuery<OrderDeviationRow[]>('orderDeviations', { orderId: props.orderId }),
  });
  const [editing, setEditing] = useState<OrderDeviationRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<OrderDeviationRow | null>(null);

  const run = async (name: string, payload: Record<string, unknown>, done: string) => {
    try {
      await sendCommand(name, payload);
    } catch (err) {
      return failureText(err, translate);
    }
    notify(done, { type: 'success' });
    await queryClient.invalidateQueries({ queryKey: ['orderDeviations'] });
    return null;
  };

  return (
    <Box data-testid="details-deviations">
      <Stack direction="row" alignItems="center" spacing={1}>
        <Typography variant="subtitle2" component="h3" sx={{ flexGrow: 1 }}>
          {translate('deviations.title')}
        </Typography>
        {mayRun('CREATE_DEVIATION') ? (
          <Button size="small" onClick={() => setEditing('new')}>
            {translate('deviations.add')}
          </Button>
        ) : null}
      </Stack>
      {deviations.isError ? (
        <Alert severity="warning">{translate('deviations.loadError')}</Alert>
      ) : null}
      {deviations.data?.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('deviations.none')}
        </Typography>
      ) : null}
      <List dense disablePadding>
        {(deviations.data ?? []).map((d) => (
          <ListItem
            key={d.id}
            disableGutters
            data-deviation={d.id}
            secondaryAction={
              <>
                {mayRun('UPDATE_DEVIATION') ? (
                  <IconButton
                    size="small"
                    aria-label={translate('deviations.edit')}
                    onClick={() => setEditing(d)}
                  >
                    <EditIcon fontSize="small" />
                  </IconButton>
                ) : null}
                {mayRun('DELETE_DEVIATION') ? (
                  <IconButton
                    size="small"
                    aria-label={translate('deviations.delete')}
                    onClick={() => setDeleting(d)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                ) : null}
              </>
            }
          >
            <ListItemText
              primary={[translate(enumKey('deviationReason', d.reason)), d.text]
                .filter(Boolean)
                .join(': ')}
              secondary={[
                translate('deviations.reported', {
                  time: formatDateTime(d.reportedAt, locale, props.timeZone),
                  user: d.reportedBy,
                }),
                d.position
                  ? translate('deviations.atPosition', {
                      lat: d.position.lat.toFixed(4),
                      lng: d.position.lng.toFixed(4),
                    })
                  : null,
                d.photoRef ? translate('deviations.photo', { ref: d.photoRef }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItem>
        ))}
      </List>
      <DeviationDialog
        open={editing !== null}
        title={translate(editing === 'new' ? 'deviations.createTitle' : 'deviations.editTitle')}
        initial={editing && editing !== 'new' ? editing : null}
        onClose={() => setEditing(null)}
        onSave={async ({ reason, text }) => {
          const refusal =
            editing === 'new'
              ? await run(
                  'CREATE_DEVIATION',
                  { orderId: props.orderId, reason, ...(text ? { text } : {}) },
                  'deviations.created',
                )
              : await run(
                  'UPDATE_DEVIATION',
                  { orderId: props.orderId, id: editing!.id, reason, text: text || null },
                  'deviations.updated',
                );
          if (!refusal) setEditing(null);
          return refusal;
        }}
      />
      <Confirm
        isOpen={deleting !== null}
        title="deviations.delete"
        content="deviations.deleteConfirm"
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          const d = deleting!;
          setDeleting(null);
          void run(
            'DELETE_DEVIATION',
            { orderId: props.orderId, id: d.id },
            'deviations.deleted',
          ).then((refusal) => refusal && notify(refusal, { type: 'error' }));
        }}
      />
    </Box>
  );
}
