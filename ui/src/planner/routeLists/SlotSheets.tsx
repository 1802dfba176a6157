import type { DeliveryNote, SlotView } from '@nordlog/contracts';
import { useTranslate } from 'react-admin';
import type { useResourceNames } from './data';
import type { Formats } from './format';
import { loadList, overCapacity, receiptRows } from './model';
import { Empty, Facts, Signatures, slotFacts } from './parts';

type Names = ReturnType<typeof useResourceNames>;

/** A slot's header: the list's title and the department, date, slot, unit and courier. */
function SlotHead(props: {
  title: string;
  slot: SlotView;
  departmentName: string;
  names: Names;
  f: Formats;
}) {
  const translate = useTranslate();
  const { slot } = props;
  return (
    <header className="nl-doc-head">
      <div>
        <h2>{props.title}</h2>
        <Facts
          facts={slotFacts(
            translate,
            props.f,
            { ...slot, departmentName: props.departmentName },
            props.names.unit(slot.unitId),
            props.names.courier(slot.courierId),
          )}
        />
      </div>
    </header>
  );
}

/**
 * A slot's receipt list: each consignment the courier takes over at the depot, with a line to
 * sign for it; consignments the route itself picks up say where.
 */
export function ReceiptSheet(props: {
  slot: SlotView;
  notes: DeliveryNote[];
  departmentName: string;
  names: Names;
  f: Formats;
}) {
  const translate = useTranslate();
  const { f } = props;
  const { rows, totals } = receiptRows(props.slot, props.notes);
  return (
    <section className="nl-sheet" data-testid="route-list-slot" tabIndex={0}>
      <SlotHead title={translate('routeLists.titles.receiptList')} {...props} />
      {rows.length === 0 ? (
        <Empty text={translate('routeLists.noConsignments')} />
      ) : (
        <table className="nl-table">
          <thead>
            <tr>
              <th scope="col">{translate('routeLists.columns.stop')}</th>
              <th scope="col">{translate('routeLists.columns.shipmentId')}</th>
              <th scope="col">{translate('routeLists.columns.customer')}</th>
              <th scope="col">{translate('routeLists.columns.recipient')}</th>
              <th scope="col">{translate('routeLists.columns.address')}</th>
              <th scope="col" className="nl-num">
                {translate('routeLists.columns.packages')}
              </th>
              <th scope="col" className="nl-num">
                {translate('routeLists.columns.weight')}
              </th>
              <th scope="col">{translate('routeLists.columns.signature')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ note, collectedAt }) => (
              <tr key={note.orderId}>
                <td className="nl-num">{note.stopNumber ?? ''}</td>
                <td className="nl-mono">{note.shipmentId ?? note.orderId}</td>
                <td>{note.customerName ?? ''}</td>
                <td>{note.recipient.name}</td>
                <td>
                  {note.recipient.address}, {note.recipient.zipCode} {note.recipient.zipArea}
                </td>
                <td className="nl-num">{f.count(note.totals.count)}</td>
                <td className="nl-num">{f.kg(note.totals.weightKg)}</td>
                <td className="nl-sign-cell">
                  {collectedAt === null
                    ? ''
                    : translate('routeLists.collectedOnRoute', { stop: collectedAt })}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={5}>{translate('routeLists.totalsAtDepot')}</td>
              <td className="nl-num">{f.count(totals.count)}</td>
              <td className="nl-num">{f.kg(totals.weight)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      )}
      <p>{translate('routeLists.receiptText')}</p>
      <Signatures
        labels={[
          translate('routeLists.signatureCourier'),
          translate('routeLists.signatureDepot'),
          translate('routeLists.dateAndTime'),
        ]}
      />
    </section>
  );
}

/**
 * A slot's load list: packages in reverse delivery order (the last stop is loaded first) with
 * their SSCC, weight and volume, and the load against the unit's capacity.
 */
export function LoadSheet(props: {
  slot: SlotView;
  notes: DeliveryNote[];
  departmentName: string;
  names: Names;
  f: Formats;
}) {
  const translate = useTranslate();
  const { f, slot } = props;
  const { rows, totals } = loadList(slot, props.notes);
  const load = slot.load ?? totals;
  const capacity = slot.capacity ?? null;
  const over = overCapacity(load, capacity);
  const measure = (k: 'count' | 'weight' | 'volume', n: number) =>
    k === 'count' ? f.count(n) : k === 'weight' ? f.kg(n) : f.dm3(n);
  return (
    <section className="nl-sheet" data-testid="route-list-slot" tabIndex={0}>
      <SlotHead title={translate('routeLists.titles.loadList')} {...props} />
      <p>{translate('routeLists.loadText')}</p>
      {rows.length === 0 ? (
        <Empty text={translate('routeLists.noConsignments')} />
      ) : (
        <table className="nl-table">
          <thead>
            <tr>
              <th scope="col" className="nl-num">
                {translate('routeLists.columns.loadOrder')}
              </th>
              <th scope="col" className="nl-num">
                {translate('routeLists.columns.stop')}
              </th>
              <th scope="col">{translate('routeLists.columns.sscc')}</th>
              <th scope="col">{translate('routeLists.columns.shipmentId')}</th>
              <th scope="col">{translate('routeLists.columns.recipient')}</th>
              <th scope="col" className="nl-num">
                {translate('routeLists.columns.weight')}
              </th>
              <th scope="col" className="nl-num">
                {translate('routeLists.columns.volume')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <td className="nl-num">
                  {row.loadNumber ??
                    translate('routeLists.collectedOnRoute', { stop: row.collectedAt ?? '' })}
                </td>
                <td className="nl-num">{row.stopNumber ?? ''}</td>
                <td className="nl-mono">{row.packageId ?? translate('routeLists.noPackageId')}</td>
                <td className="nl-mono">{row.shipmentId ?? ''}</td>
                <td>
                  {row.recipient}
                  <br />
                  <span className="nl-muted">{row.address}</span>
                </td>
                <td className="nl-num">{f.kg(row.weightKg)}</td>
                <td className="nl-num">{f.dm3(row.volumeDm3)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={5}>
                {translate('routeLists.totalsAtDepot')}:{' '}
                {translate('routeLists.packageCount', { smart_count: totals.count })}
              </td>
              <td className="nl-num">{f.kg(totals.weight)}</td>
              <td className="nl-num">{f.dm3(totals.volume)}</td>
            </tr>
          </tfoot>
        </table>
      )}
      <table className="nl-table" data-testid="load-capacity">
        <caption className="nl-caption" style={{ textAlign: 'left' }}>
          {translate('routeLists.loadAgainstCapacity')}
        </caption>
        <thead>
          <tr>
            <td />
            <th scope="col" className="nl-num">
              {translate('routeLists.columns.packages')}
            </th>
            <th scope="col" className="nl-num">
              {translate('routeLists.columns.weight')}
            </th>
            <th scope="col" className="nl-num">
              {translate('routeLists.columns.volume')}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{translate('routeLists.load')}</th>
            {(['count', 'weight', 'volume'] as const).map((k) => (
              <td key={k} className={`nl-num${over.includes(k) ? ' nl-warn' : ''}`}>
                {measure(k, load[k])}
                {over.includes(k) ? ` (${translate('routeLists.overCapacity')})` : ''}
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row">{translate('routeLists.capacity')}</th>
            {capacity ? (
              (['count', 'weight', 'volume'] as const).map((k) => (
                <td key={k} className="nl-num">
                  {measure(k, capacity[k])}
                </td>
              ))
            ) : (
              <td colSpan={3}>{translate('routeLists.noCapacity')}</td>
            )}
          </tr>
        </tbody>
      </table>
      <Signatures
        labels={[translate('routeLists.signatureLoadedBy'), translate('routeLists.dateAndTime')]}
      />
    </section>
  );
}
