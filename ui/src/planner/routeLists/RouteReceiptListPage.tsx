import { useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { useDaySlots, useDepartment, useResourceNames } from './data';
import { useFormats } from './format';
import { isDateParam, slotSummary } from './model';
import { DateChoice, Facts, RouteListFrame, Signatures } from './parts';

/**
 * `/planner/{departmentId}/route-receipt-list?date=` (spec §2): the day's slots (today unless a
 * date is chosen), each with its stops, packages, kilograms and kilometres, and lines where the
 * courier signs for the route and the depot hands it over.
 */
export default function RouteReceiptListPage() {
  const translate = useTranslate();
  const { departmentId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const department = useDepartment(departmentId);
  const asked = search.get('date') ?? '';
  const date = isDateParam(asked) ? asked : department.today;
  const f = useFormats(department.timeZone);
  const slots = useDaySlots(department.members, department.isPending ? null : date);
  const names = useResourceNames(department.members);
  const list = slots.data ?? [];
  const notice = slots.isError
    ? { severity: 'error' as const, text: translate('routeLists.loadFailed') }
    : department.isPending || slots.isLoading || names.isPending
      ? { severity: 'info' as const, text: translate('routeLists.loading') }
      : null;
  const total = list.map(slotSummary).reduce(
    (t, s) => ({
      stops: t.stops + s.stops,
      packages: t.packages + s.packages,
      weight: t.weight + s.weight,
      distanceKm: t.distanceKm + s.distanceKm,
    }),
    { stops: 0, packages: 0, weight: 0, distanceKm: 0 },
  );
  return (
    <RouteListFrame
      page="routeReceiptList"
      title={`${translate('routeLists.titles.routeReceiptList')} ${f.date(date)}`}
      tools={
        <DateChoice value={date} onChange={(d) => setSearch({ date: d }, { replace: true })} />
      }
      notice={notice}
    >
      <section className="nl-sheet" data-testid="route-list-slot" tabIndex={0}>
        <header className="nl-doc-head">
          <div>
            <h2>{translate('routeLists.titles.routeReceiptList')}</h2>
            <Facts
              facts={[
                [translate('routeLists.department'), department.name],
                [translate('routeLists.date'), f.date(date)],
              ]}
            />
          </div>
        </header>
        {list.length === 0 ? (
          <p className="nl-muted">{translate('routeLists.noSlots')}</p>
        ) : (
          <table className="nl-table">
            <thead>
              <tr>
                <th scope="col">{translate('routeLists.columns.slot')}</th>
                <th scope="col">{translate('routeLists.columns.unitAndCourier')}</th>
                <th scope="col" className="nl-num">
                  {translate('routeLists.columns.stops')}
                </th>
                <th scope="col" className="nl-num">
                  {translate('routeLists.columns.packages')}
                </th>
                <th scope="col" className="nl-num">
                  {translate('routeLists.columns.weight')}
                </th>
                <th scope="col" className="nl-num">
                  {translate('routeLists.columns.distance')}
                </th>
                <th scope="col">{translate('routeLists.signatureCourier')}</th>
                <th scope="col">{translate('routeLists.signatureDepot')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((slot) => {
                const s = slotSummary(slot);
                const unit = names.unit(slot.unitId);
                const courier = names.courier(slot.courierId);
                return (
                  <tr key={slot.id}>
                    <td>
                      {slot.name}
                      <br />
                      <span className="nl-muted">
                        {slot.timeTo
                          ? `${f.time(slot.timeFrom)}–${f.time(slot.timeTo)}`
                          : f.time(slot.timeFrom)}
                      </span>
                    </td>
                    <td>
                      {unit
                        ? [unit.name, unit.registrationNumber].filter(Boolean).join(', ')
                        : translate('routeLists.notAssigned')}
                      <br />
                      <span className="nl-muted">
                        {courier?.name ?? translate('routeLists.notAssigned')}
                      </span>
                    </td>
                    <td className="nl-num">{f.count(s.stops)}</td>
                    <td className="nl-num">{f.count(s.packages)}</td>
                    <td className="nl-num">{f.kg(s.weight)}</td>
                    <td className="nl-num">{f.km(s.distanceKm)}</td>
                    <td className="nl-sign-cell" />
                    <td className="nl-sign-cell" />
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr>
                <td colSpan={2}>{translate('routeLists.totals')}</td>
                <td className="nl-num">{f.count(total.stops)}</td>
                <td className="nl-num">{f.count(total.packages)}</td>
                <td className="nl-num">{f.kg(total.weight)}</td>
                <td className="nl-num">{f.km(total.distanceKm)}</td>
                <td colSpan={2} />
              </tr>
            </tfoot>
          </table>
        )}
        <Signatures
          labels={[
            translate('routeLists.signatureDepot'),
            translate('routeLists.nameInCapitals'),
            translate('routeLists.dateAndTime'),
          ]}
        />
      </section>
    </RouteListFrame>
  );
}
