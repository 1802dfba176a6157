import {
  gsinBarcode,
  type DeliveryNote,
  type DocumentParty,
  type Waybill,
} from '@nordlog/contracts';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { Barcode } from '../../labels/Barcode';
import type { Formats } from './format';
import { Facts, Signatures, slotFacts } from './parts';

/** The shipment id's GS1-128 barcode, or null when it is not a valid GSIN. */
function useShipmentBarcode(shipmentId: string | null) {
  return useMemo(() => {
    if (!shipmentId) return null;
    try {
      return gsinBarcode(shipmentId);
    } catch {
      return null;
    }
  }, [shipmentId]);
}

function Party(props: { title: string; party: DocumentParty }) {
  const translate = useTranslate();
  const { party } = props;
  return (
    <section className="nl-party">
      <div className="nl-caption">{props.title}</div>
      <strong>{party.name}</strong>
      <div>{party.address}</div>
      <div>
        {party.zipCode} {party.zipArea}
        {party.countryCode && party.countryCode !== 'NO'
          ? `, ${translate(`enums.country.${party.countryCode}`, { _: party.countryCode })}`
          : ''}
      </div>
      {party.contactPerson ? <div>{party.contactPerson}</div> : null}
      {party.phone ? (
        <div>
          {translate('routeLists.columns.phone')}: {party.phone}
        </div>
      ) : null}
      {party.instructions ? (
        <div>
          {translate('routeLists.columns.instructions')}: {party.instructions}
        </div>
      ) : null}
    </section>
  );
}

/**
 * A waybill (consignment note) of one order, or a delivery note when its slot is given: sender,
 * recipient, the shipment id as text and barcode, service and dates, each package with its SSCC,
 * and the lines to sign on.
 */
export function WaybillDocument(props: { waybill: Waybill | DeliveryNote; f: Formats }) {
  const translate = useTranslate();
  const { waybill: w, f } = props;
  const note = 'slot' in w ? w : null;
  const barcode = useShipmentBarcode(w.shipmentId);
  const when = (date: string, from: string | null, to: string | null) =>
    [f.date(date), f.window(from, to)].filter(Boolean).join(' ');
  const facts: [string, string][] = [
    [translate('routeLists.orderId'), w.orderId],
    [translate('routeLists.customer'), w.customerName ?? ''],
    [translate('routeLists.service'), w.serviceId || '–'],
    [translate('routeLists.type'), translate(`booking.types.${w.type}`, { _: w.type })],
    [
      translate('routeLists.pickupDate'),
      when(w.pickupDate, w.pickupTimeEarliest, w.pickupTimeLatest),
    ],
    [
      translate('routeLists.deliveryDate'),
      when(w.deliveryDate, w.deliveryTimeEarliest, w.deliveryTimeLatest),
    ],
  ];
  if (w.customerRef) facts.push([translate('routeLists.customerRef'), w.customerRef]);
  if (w.recipientRef) facts.push([translate('routeLists.recipientRef'), w.recipientRef]);
  if (w.additionalServices.length > 0)
    facts.push([
      translate('routeLists.additionalServices'),
      w.additionalServices
        .map((s) => (s.quantity > 1 ? `${s.vasCode} × ${s.quantity}` : s.vasCode))
        .join(', '),
    ]);
  if (w.orderNote) facts.push([translate('routeLists.orderNote'), w.orderNote]);
  return (
    <article className="nl-sheet" data-testid={note ? 'delivery-note' : 'waybill'} tabIndex={0}>
      <header className="nl-doc-head">
        <div>
          <h2>{translate(`routeLists.titles.${note ? 'deliveryNote' : 'waybill'}`)}</h2>
          <div>{w.departmentName}</div>
          {note ? (
            <Facts
              facts={[
                ...slotFacts(
                  translate,
                  f,
                  note.slot,
                  note.slot.unitName
                    ? { name: note.slot.unitName, registrationNumber: note.slot.registrationNumber }
                    : null,
                  note.slot.courierName ? { name: note.slot.courierName } : null,
                ).slice(2),
                [translate('routeLists.columns.stop'), note.stopNumber ?? ''],
              ]}
            />
          ) : null}
        </div>
        <div className="nl-barcode-block">
          <div className="nl-caption">{translate('routeLists.shipmentId')}</div>
          <strong className="nl-mono" data-testid="waybill-shipment-id">
            {w.shipmentId ?? w.orderId}
          </strong>
          {barcode ? <Barcode code={barcode} heightMm={14} moduleMm={0.33} /> : null}
        </div>
      </header>
      {w.dangerousGoods ? (
        <p className="nl-warn">{translate('routeLists.dangerousGoods')}</p>
      ) : null}
      <div className="nl-parties">
        <Party title={translate('routeLists.sender')} party={w.sender} />
        <Party title={translate('routeLists.recipient')} party={w.recipient} />
      </div>
      <Facts facts={facts} />
      <h3>{translate('routeLists.packagesTitle')}</h3>
      <table className="nl-table">
        <thead>
          <tr>
            <th scope="col" className="nl-num">
              {translate('routeLists.columns.number')}
            </th>
            <th scope="col">{translate('routeLists.columns.sscc')}</th>
            <th scope="col">{translate('routeLists.columns.description')}</th>
            <th scope="col" className="nl-num">
              {translate('routeLists.columns.weight')}
            </th>
            <th scope="col" className="nl-num">
              {translate('routeLists.columns.volume')}
            </th>
          </tr>
        </thead>
        <tbody>
          {w.packages.map((p, i) => (
            <tr key={`${i}:${p.packageId ?? ''}`}>
              <td className="nl-num">{i + 1}</td>
              <td className="nl-mono">{p.packageId ?? translate('routeLists.noPackageId')}</td>
              <td>{p.description}</td>
              <td className="nl-num">{f.kg(p.weightKg)}</td>
              <td className="nl-num">{f.dm3(p.volumeDm3)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={3}>
              {translate('routeLists.totals')}:{' '}
              {translate('routeLists.packageCount', { smart_count: w.totals.count })}
            </td>
            <td className="nl-num">{f.kg(w.totals.weightKg)}</td>
            <td className="nl-num">{f.dm3(w.totals.volumeDm3)}</td>
          </tr>
        </tfoot>
      </table>
      {note ? <p>{translate('routeLists.deliveryText')}</p> : null}
      <Signatures
        labels={
          note
            ? [
                translate('routeLists.signatureRecipient'),
                translate('routeLists.nameInCapitals'),
                translate('routeLists.dateAndTime'),
              ]
            : [
                translate('routeLists.signatureSender'),
                translate('routeLists.signatureCourier'),
                translate('routeLists.signatureRecipient'),
              ]
        }
      />
    </article>
  );
}
