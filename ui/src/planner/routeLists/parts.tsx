import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { DateField } from '../../inputs/LazyPickers';
import { usePageTitle } from '../../layout/pageTitle';
import type { Formats } from './format';
import { isDateParam, routeDepotText } from './model';
import { routeListStyles } from './printStyles';

/**
 * A route list page: its title, its tools (date or slot choice, links, the CSV download) and the
 * Print button on screen; below them the documents (`.nl-print-doc`), the only thing printed.
 * `notice` stands instead of the documents while they load, or when there is nothing to print.
 */
export function RouteListFrame(props: {
  page: string;
  title: string;
  tools?: ReactNode;
  notice?: { severity: 'info' | 'error'; text: string } | null;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  usePageTitle(props.page);
  return (
    <Box sx={{ minWidth: 0 }}>
      <style>{routeListStyles}</style>
      <Stack
        direction="row"
        alignItems="center"
        useFlexGap
        spacing={1}
        sx={{ p: 2, flexWrap: 'wrap' }}
      >
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {props.title}
        </Typography>
        {props.tools}
        {/* Only with something to print (not disabled: no colour transition while it loads). */}
        {props.notice ? null : (
          <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
            {translate('routeLists.print')}
          </Button>
        )}
      </Stack>
      {props.notice ? (
        <Box sx={{ px: 2, pb: 2 }}>
          <Alert severity={props.notice.severity} data-testid="route-list-notice">
            {props.notice.text}
          </Alert>
        </Box>
      ) : (
        <div className="nl-print-doc" data-testid="route-list">
          {props.children}
        </div>
      )}
    </Box>
  );
}

/** The facts a list's header prints: department, date, slot, unit, courier (those given). */
export function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <dl className="nl-doc-facts">
      {facts.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A slot's header facts, from the slot and its unit and courier. */
export function slotFacts(
  translate: (key: string, options?: object) => string,
  f: Formats,
  slot: {
    name: string;
    date: string;
    timeFrom: string;
    timeTo: string | null;
    departmentName: string;
  },
  unit:
    | {
        name: string;
        registrationNumber?: string | null;
        startLocation?: unknown;
        endLocation?: unknown;
      }
    | null
    | undefined,
  courier: { name: string } | null | undefined,
): [string, ReactNode][] {
  const depot = routeDepotText(unit);
  const time = slot.timeTo
    ? `${f.time(slot.timeFrom)}–${f.time(slot.timeTo)}`
    : f.time(slot.timeFrom);
  const unitText = unit
    ? [unit.name, unit.registrationNumber].filter(Boolean).join(', ')
    : translate('routeLists.notAssigned');
  return [
    [translate('routeLists.department'), slot.departmentName],
    [translate('routeLists.date'), f.date(slot.date)],
    [translate('routeLists.slot'), `${slot.name} (${time})`],
    [translate('routeLists.unit'), unitText],
    ...(depot ? [[translate('routeLists.depot'), depot] as [string, ReactNode]] : []),
    [translate('routeLists.courier'), courier?.name ?? translate('routeLists.notAssigned')],
  ];
}

/** Lines to sign on, each with its caption below. */
export function Signatures({ labels }: { labels: string[] }) {
  return (
    <div className="nl-signatures">
      {labels.map((label) => (
        <div key={label} className="nl-signature">
          <span className="nl-caption">{label}</span>
        </div>
      ))}
    </div>
  );
}

/** The date of a day's list: picking another opens that day's list. */
export function DateChoice(props: { value: string; onChange: (date: string) => void }) {
  const translate = useTranslate();
  return (
    <DateField
      label={translate('routeLists.date')}
      value={isDateParam(props.value) ? props.value : ''}
      onChange={(value) => isDateParam(value) && props.onChange(value)}
      minWidth={170}
    />
  );
}

/** Links between a slot's lists. */
export function SlotLinks(props: { base: string; date: string; slotId: string; current: string }) {
  const translate = useTranslate();
  const links = [
    [
      'load-list',
      `${props.base}/planning/slots/${props.date}/${props.slotId}/load-list`,
      'loadList',
    ],
    [
      'hd-route-list',
      `${props.base}/planning/slots/${props.date}/${props.slotId}/hd-route-list`,
      'hdRouteList',
    ],
    [
      'delivery-notes',
      `${props.base}/delivery-notes?date=${props.date}&slot=${props.slotId}`,
      'deliveryNotes',
    ],
  ] as const;
  return (
    <>
      {links
        .filter(([key]) => key !== props.current)
        .map(([key, to, title]) => (
          <Button key={key} component={RouterLink} to={to}>
            {translate(`routeLists.titles.${title}`)}
          </Button>
        ))}
    </>
  );
}

/** A "slot/day has nothing" line inside a sheet (printed too). */
export function Empty({ text }: { text: string }) {
  return <p className="nl-muted">{text}</p>;
}
