import { gsinBarcode, ssccBarcode, type LabelPage, type LabelParty } from '@nordlog/contracts';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { formatDate, type Locale } from '../i18n/locales';
import { Barcode } from './Barcode';

function Party(props: { title: string; party: LabelParty; large?: boolean }) {
  const { party } = props;
  return (
    <section className="nl-label-party" style={{ fontSize: props.large ? '4.2mm' : '3.2mm' }}>
      <div className="nl-label-caption">{props.title}</div>
      <div style={{ fontWeight: 700 }}>{party.name}</div>
      <div>{party.address}</div>
      <div>
        {party.zipCode} {party.zipArea}
      </div>
      <div>{party.countryCode}</div>
    </section>
  );
}

/** One 100 × 150 mm label: sender, receiver, package n of m, and both GS1-128 barcodes. */
export function LabelSheet(props: { page: LabelPage; locale: Locale }) {
  const translate = useTranslate();
  const { page } = props;
  const shipment = useMemo(() => gsinBarcode(page.shipmentId), [page.shipmentId]);
  const sscc = useMemo(() => ssccBarcode(page.packageId), [page.packageId]);
  const weight = new Intl.NumberFormat(props.locale, { maximumFractionDigits: 2 }).format(
    page.weightKg,
  );
  return (
    <article className="nl-label-sheet" data-testid="label-sheet">
      <header className="nl-label-row nl-label-head">
        <strong>{page.departmentName}</strong>
        <span data-testid="label-package-of">
          {translate('labels.packageOf', { n: page.packageNumber, m: page.packageCount })}
        </span>
      </header>
      <div className="nl-label-row">
        <span>
          {translate('labels.date')}: {formatDate(page.date, props.locale)}
        </span>
        <span>
          {translate('labels.weight')}: {weight} kg
        </span>
      </div>
      {page.route ? (
        <div className="nl-label-row" data-testid="label-route">
          <strong>
            {page.route.stop === null
              ? translate('labels.routeNoStop', { name: page.route.name })
              : translate('labels.route', { name: page.route.name, stop: page.route.stop })}
          </strong>
        </div>
      ) : null}
      <Party title={translate('labels.sender')} party={page.sender} />
      <Party title={translate('labels.receiver')} party={page.receiver} large />
      {page.customerRef ? (
        <div className="nl-label-row">
          {translate('labels.reference')}: {page.customerRef}
        </div>
      ) : null}
      {page.serviceCode ? (
        <div className="nl-label-row" data-testid="label-service-code">
          <span>
            {translate('labels.serviceCode')}: <strong>{page.serviceCode}</strong>
          </span>
        </div>
      ) : null}
      <section>
        <div className="nl-label-caption">{translate('labels.shipment')}</div>
        <Barcode code={shipment} heightMm={20} testId="label-gsin" />
      </section>
      <section>
        <div className="nl-label-caption">{translate('labels.package')}</div>
        <Barcode code={sscc} heightMm={32} testId="label-sscc" />
      </section>
      {page.texts && page.texts.length > 0 ? (
        // The LABEL texts that applied when printed, in the label's language (0097): last, at the
        // foot, so a long text is cut rather than the barcodes.
        <section
          className="nl-label-texts"
          data-testid="label-texts"
          style={{ fontSize: '3mm', marginTop: 'auto' }}
        >
          {page.texts.map((text, i) => (
            <div key={i}>{text}</div>
          ))}
        </section>
      ) : null}
    </article>
  );
}
