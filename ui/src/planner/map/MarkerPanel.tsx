import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { MapRow } from './filters';

const PANEL_WIDTH = 480;

/** A cell of two lines: the main fact, and one beside it in smaller print. */
function TwoLines({ top, under }: { top: ReactNode; under: ReactNode }) {
  return (
    <TableCell sx={{ verticalAlign: 'top' }}>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {top}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {under}
      </Typography>
    </TableCell>
  );
}

/**
 * The consignments of a clicked marker or cluster: shipment, recipient, address, state and slot,
 * each to select (and the whole list) for planning on a slot when the user may plan.
 */
export function MarkerPanel(props: {
  rows: readonly MapRow[];
  slotName: (slotId: string | null) => string;
  selected: ReadonlySet<string>;
  onSelect: (selected: ReadonlySet<string>) => void;
  canPlan: boolean;
  onPlan: (ids: string[]) => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const { rows, selected, onSelect } = props;
  const all = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (!next.delete(id)) next.add(id);
    onSelect(next);
  };
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="map-panel-title"
      data-testid="map-panel"
      sx={{
        width: PANEL_WIDTH,
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', p: 1, gap: 1 }}>
        <Typography id="map-panel-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {translate('map.panel.title', { smart_count: rows.length })}
        </Typography>
        {props.canPlan ? (
          <Button
            variant="contained"
            color="secondary"
            size="small"
            disabled={selected.size === 0}
            onClick={() => props.onPlan(rows.filter((r) => selected.has(r.id)).map((r) => r.id))}
          >
            {translate('map.panel.plan')}
          </Button>
        ) : null}
        <IconButton aria-label={translate('map.panel.close')} onClick={props.onClose} size="small">
          <CloseIcon />
        </IconButton>
      </Stack>
      <Box sx={{ overflow: 'auto', flexGrow: 1 }}>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              {props.canPlan ? (
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={all}
                    indeterminate={!all && rows.some((r) => selected.has(r.id))}
                    onChange={() => onSelect(new Set(all ? [] : rows.map((r) => r.id)))}
                    slotProps={{ input: { 'aria-label': translate('map.panel.selectAll') } }}
                  />
                </TableCell>
              ) : null}
              {(
                [
                  ['shipment', 'recipient'],
                  ['address', null],
                  ['state', 'slot'],
                ] as const
              ).map(([top, under]) => (
                <TableCell key={top}>
                  {translate(`map.panel.${top}`)}
                  {under ? ` · ${translate(`map.panel.${under}`)}` : ''}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id} data-consignment-id={r.id} selected={selected.has(r.id)}>
                {props.canPlan ? (
                  <TableCell padding="checkbox">
                    <Checkbox
                      size="small"
                      checked={selected.has(r.id)}
                      onChange={() => toggle(r.id)}
                      slotProps={{
                        input: {
                          'aria-label': translate('map.panel.select', { id: r.shipmentId ?? r.id }),
                        },
                      }}
                    />
                  </TableCell>
                ) : null}
                <TwoLines top={r.shipmentId ?? r.id} under={r.deliveryName} />
                <TwoLines
                  top={r.deliveryAddress}
                  under={`${r.deliveryZipCode} ${r.deliveryZipArea}`}
                />
                <TwoLines
                  top={translate(`states.${r.state}`)}
                  under={<span data-testid="map-panel-slot">{props.slotName(r.slotId)}</span>}
                />
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}
