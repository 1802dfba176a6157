import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useDepartment, useWaybill } from './data';
import { useFormats } from './format';
import { isIdParam } from './model';
import { RouteListFrame } from './parts';
import { WaybillDocument } from './WaybillDocument';

/** `/planner/{departmentId}/waybills/{id}` (spec §2): the waybill of one order, printed on A4. */
export default function WaybillPage() {
  const translate = useTranslate();
  const { departmentId = '', id } = useParams();
  const orderId = isIdParam(id) ? id : null;
  const department = useDepartment(departmentId);
  const f = useFormats(department.timeZone);
  const waybill = useWaybill(orderId);
  const notice =
    !orderId || (waybill.isSuccess && !waybill.data)
      ? { severity: 'info' as const, text: translate('routeLists.waybillNotFound') }
      : waybill.isError
        ? { severity: 'error' as const, text: translate('routeLists.loadFailed') }
        : waybill.isLoading
          ? { severity: 'info' as const, text: translate('routeLists.loading') }
          : null;
  const title = translate('routeLists.titles.waybill');
  return (
    <RouteListFrame
      page="waybill"
      title={waybill.data ? `${title} ${waybill.data.shipmentId ?? waybill.data.orderId}` : title}
      notice={notice}
    >
      {waybill.data ? <WaybillDocument waybill={waybill.data} f={f} /> : null}
    </RouteListFrame>
  );
}
