import type { CourierRow, DeliveryNote, SlotView, UnitRow, Waybill } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { HttpFailure } from '../../errors/parse';
import { timeZoneFor, todayIn } from '../../i18n/locales';
import { useDepartmentOptions } from '../../layout/useDepartments';
import { runQuery } from '../../shell/api';
import { fetchRetries } from '../../shell/timeouts';

/** Network and server failures are retried (spec §9); an answer about the request is not. */
const retry = (count: number, error: unknown) =>
  !(error instanceof HttpFailure && error.status >= 400 && error.status < 500) &&
  count < fetchRetries;

/** The planner's department (or group) of the URL: its members, name and time zone. */
export function useDepartment(departmentId: string) {
  const options = useDepartmentOptions();
  const option = options.data?.find((d) => d.id === departmentId);
  return useMemo(
    () => ({
      isPending: options.isPending,
      members: option?.members ?? [],
      name: option?.name ?? '',
      timeZone: timeZoneFor(option?.country),
      today: todayIn(timeZoneFor(option?.country)),
    }),
    [options.isPending, option],
  );
}

/** The slots of a day in the departments, with their route points, load and capacity. */
export function useDaySlots(departmentIds: string[], date: string | null) {
  return useQuery({
    queryKey: ['routeLists', 'slots', departmentIds, date],
    enabled: departmentIds.length > 0 && date !== null,
    retry,
    queryFn: () => runQuery<SlotView[]>('slots', { departmentIds, fromDate: date, toDate: date }),
  });
}

/** One slot with its route points, load, capacity and totals (null when not found). */
export function useSlot(slotId: string | null) {
  return useQuery({
    queryKey: ['routeLists', 'slot', slotId],
    enabled: slotId !== null,
    retry,
    queryFn: () =>
      runQuery<SlotView>('slotById', { id: slotId }).catch((error: unknown) => {
        if (error instanceof HttpFailure && error.status === 404) return null;
        throw error;
      }),
  });
}

/** The delivery notes of a slot, or of a day in the departments (spec §7 `deliveryNotes`). */
export function useDeliveryNotes(
  params: { slotId: string } | { date: string; departmentIds: string[] } | null,
) {
  return useQuery({
    queryKey: ['routeLists', 'deliveryNotes', params],
    enabled: params !== null && ('slotId' in params || params.departmentIds.length > 0),
    retry,
    queryFn: () => runQuery<DeliveryNote[]>('deliveryNotes', params),
  });
}

/** The waybill of one order (spec §7 `waybills`; null when not found or not readable). */
export function useWaybill(orderId: string | null) {
  return useQuery({
    queryKey: ['routeLists', 'waybill', orderId],
    enabled: orderId !== null,
    retry,
    queryFn: async () =>
      (await runQuery<Waybill[]>('waybills', { orderIds: [orderId] }))[0] ?? null,
  });
}

/** Unit and courier names of the departments, for the lists' headers (empty when not readable). */
export function useResourceNames(departmentIds: string[]) {
  const quiet = <T>(promise: Promise<T[]>) =>
    promise.catch((error: unknown) => {
      if (error instanceof HttpFailure && error.status === 403) return [] as T[];
      throw error;
    });
  const units = useQuery({
    queryKey: ['routeLists', 'units', departmentIds],
    enabled: departmentIds.length > 0,
    retry,
    queryFn: () => quiet(runQuery<UnitRow[]>('units', { departmentIds, includeInactive: true })),
  });
  const couriers = useQuery({
    queryKey: ['routeLists', 'couriers', departmentIds],
    enabled: departmentIds.length > 0,
    retry,
    queryFn: () => quiet(runQuery<CourierRow[]>('couriers', { departmentIds })),
  });
  return useMemo(
    () => ({
      isPending: units.isLoading || couriers.isLoading,
      unit: (id: string | null) => (id ? units.data?.find((u) => u.id === id) : undefined),
      courier: (id: string | null) => (id ? couriers.data?.find((c) => c.id === id) : undefined),
    }),
    [units.isLoading, units.data, couriers.isLoading, couriers.data],
  );
}
