import {
  isApproximate,
  REST_BREAK,
  type DeliveryNote,
  type RoutePoint,
  type SlotView,
} from '@nordlog/contracts';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useDeliveryNotes, useDepartment, useResourceNames, useSlot } from './data';
import { ExportCsvButton } from './ExportCsvButton';
import { useFormats, type Formats } from './format';
import { isDateParam, isIdParam } from './model';
import { Empty, Facts, RouteListFrame, Signatures, SlotLinks, slotFacts } from './parts';
import { LoadSheet } from './SlotSheets';

/** A slot and its delivery notes (its consignments' details), as the slot's lists need them. */
function useSlotDocuments() {
  const translate = useTranslate();
  const { departmentId = '', date: dateParam = '', slotId: slotParam } = useParams();
  const slotId = isIdParam(slotParam) ? slotParam : null;
  const department = useDepartment(departmentId);
  const slot = useSlot(slotId);
  const notes = useDeliveryNotes(slotId ? { slotId } : null);
  const view = slot.data ?? null;
  const names = useResourceNames(view ? [view.departmentId] : []);
  const f = useFormats(department.timeZone);
  const notice =
    !slotId || (slot.isSuccess && view === null)
      ? { severity: 'info' as const, text: translate('routeLists.slotNotFound') }
      : slot.isError || notes.isError
        ? { severity: 'error' as const, text: translate('routeLists.loadFailed') }
        : slot.isLoading || notes.isLoading || names.isPending || department.isPending
          ? { severity: 'info' as const, text: translate('routeLists.loading') }
          : null;
  const date = isDateParam(dateParam) ? dateParam : (view?.date ?? dateParam);
  return {
    departmentId,
    date,
    slotId: slotId ?? '',
    slot: view,
    notes: notes.data ?? [],
    departmentName: notes.data?.[0]?.slot.departmentName ?? department.name,
    names,
    f,
    notice,
  };
}

/** A document of one slot: the load list or the home-delivery route list, with its tools. */
function SlotDocumentPage(props: {
  page: 'loadList' | 'hdRouteList';
  current: 'load-list' | 'hd-route-list';
  Sheet: typeof LoadSheet;
}) {
  const translate = useTranslate();
  const d = useSlotDocuments();
  const title = translate(`routeLists.titles.${props.page}`);
  const { Sheet } = props;
  return (
    <RouteListFrame
      page={props.page}
      title={d.slot ? `${title}: ${d.slot.name}` : title}
      tools={
        d.slot ? (
          <>
            <SlotLinks
              base={`/planner/${d.departmentId}`}
              date={d.date}
              slotId={d.slotId}
              current={props.current}
            />
            <ExportCsvButton slotId={d.slotId} />
          </>
        ) : null
      }
      notice={d.notice}
    >
      {d.slot ? (
        <Sheet
          slot={d.slot}
          notes={d.notes}
          departmentName={d.departmentName}
          names={d.names}
          f={d.f}
        />
      ) : null}
    </RouteListFrame>
  );
}

/** `/planner/{departmentId}/planning/slots/{date}/{slotId}/load-list` (spec §2). */
export const SlotLoadListPage = () => (
  <SlotDocumentPage page="loadList" current="load-list" Sheet={LoadSheet} />
);

/** `/planner/{departmentId}/planning/slots/{date}/{slotId}/hd-route-list` (spec §2). */
export const HdRouteListPage = () => (
  <SlotDocumentPage page="hdRouteList" current="hd-route-list" Sheet={RouteSheet} />
);

/**
 * The home-delivery route list: the stops in route order with arrival and window, the recipient
 * and phone, address, instructions, packages, and a column to tick off or sign each stop.
 */
function RouteSheet(props: {
  slot: SlotView;
  notes: DeliveryNote[];
  departmentName: string;
  names: ReturnType<typeof useResourceNames>;
  f: Formats;
}) {
  const translate = useTranslate();
  const { slot, f } = props;
  const byOrder = useMemo(() => new Map(props.notes.map((n) => [n.orderId, n])), [props.notes]);
  const points: RoutePoint[] = slot.routePoints ?? [];
  const stops = points.filter((p) => p.type !== REST_BREAK).length;
  const facts = slotFacts(
    translate,
    f,
    { ...slot, departmentName: props.departmentName },
    props.names.unit(slot.unitId),
    props.names.courier(slot.courierId),
  );
  facts.push([
    translate('routeLists.route'),
    translate('routeLists.routeSummary', {
      stops,
      km: f.km(slot.totals?.distanceKm ?? 0),
      end: f.time(slot.totals?.endTime ?? null),
    }),
  ]);
  return (
    <section className="nl-sheet" data-testid="route-list-slot" tabIndex={0}>
      <header className="nl-doc-head">
        <div>
          <h2>{translate('routeLists.titles.hdRouteList')}</h2>
          <Facts facts={facts} />
        </div>
      </header>
      {points.length === 0 ? (
        <Empty text={translate('routeLists.noStops')} />
      ) : (
        <table className="nl-table">
          <thead>
            <tr>
              <th scope="col" className="nl-num">
                {translate('routeLists.columns.stop')}
              </th>
              <th scope="col">{translate('routeLists.columns.arrival')}</th>
              <th scope="col">{translate('routeLists.columns.recipient')}</th>
              <th scope="col">{translate('routeLists.columns.address')}</th>
              <th scope="col">{translate('routeLists.columns.instructions')}</th>
              <th scope="col" className="nl-num">
                {translate('routeLists.columns.packages')}
              </th>
              <th scope="col">{translate('routeLists.columns.done')}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => {
              if (p.type === REST_BREAK)
                return (
                  <tr key={p.key}>
                    <td className="nl-num">{p.sequence}</td>
                    <td>
                      {f.time(p.arrival)}–{f.time(p.endTime)}
                    </td>
                    <td colSpan={5}>{translate('routeLists.break')}</td>
                  </tr>
                );
              const note = p.consignmentId ? byOrder.get(p.consignmentId) : undefined;
              const party = note ? (p.type === 'pickup' ? note.sender : note.recipient) : null;
              const window = f.window(p.timeEarliest, p.timeLatest);
              return (
                <tr key={p.key} data-testid="route-stop">
                  <td className="nl-num">{p.sequence}</td>
                  <td>
                    {f.time(p.arrival)}
                    {window ? (
                      <>
                        <br />
                        <span className="nl-muted">
                          {translate('routeLists.window', { window })}
                        </span>
                      </>
                    ) : null}
                    {p.late ? (
                      <>
                        <br />
                        <span className="nl-warn">{translate('routeLists.late')}</span>
                      </>
                    ) : null}
                  </td>
                  <td>
                    {p.type === 'pickup' ? (
                      <span className="nl-caption">{translate('routeLists.pickup')} </span>
                    ) : null}
                    {p.name}
                    {party?.phone ? (
                      <>
                        <br />
                        {party.phone}
                      </>
                    ) : null}
                    {p.shipmentId ? (
                      <>
                        <br />
                        <span className="nl-mono nl-muted">{p.shipmentId}</span>
                      </>
                    ) : null}
                  </td>
                  <td>
                    {p.address}
                    <br />
                    {p.zipCode} {p.zipArea}
                    {p.lat !== null && isApproximate(p.precision) ? (
                      <>
                        <br />
                        <span
                          className="nl-warn"
                          title={translate('geo.approximateHint')}
                          data-testid="route-stop-approximate"
                        >
                          ≈ {translate('geo.approximate')}
                        </span>
                      </>
                    ) : null}
                    {p.outlier ? (
                      <>
                        <br />
                        <span
                          className="nl-warn"
                          title={translate('geo.outlierHint')}
                          data-testid="route-stop-outlier"
                        >
                          ↯ {translate('geo.outlier')}
                        </span>
                      </>
                    ) : null}
                  </td>
                  <td>{party?.instructions ?? ''}</td>
                  <td className="nl-num">{f.count(p.packageCount)}</td>
                  <td className="nl-sign-cell" />
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <Signatures
        labels={[translate('routeLists.signatureCourier'), translate('routeLists.dateAndTime')]}
      />
    </section>
  );
}
