import { type CommandName } from '@nordlog/contracts';
import { sampleUnit, updateSamples } from '../samples.js';
import { DATE, EMPTY_DAY, type Base } from './world.js';

/** Command bases (see ../commandBases.ts) of courier locations, scans, labels, units, couriers, slots, routes, templates and optimising. */
export const planningBases = {
  SET_COURIER_LOCATION: () => ({
    courierId: '1',
    latitude: 59.9,
    longitude: 10.7,
    accuracy: 5,
    timestamp: new Date().toISOString(),
  }),
  // A scan of a code on no route: recorded with its warning (0064).
  ADD_SCANNED_EVENTS: (w) => ({
    slotId: w.slot,
    scans: [{ code: '370000000000000017', kind: 'LOADED', scannedAt: new Date().toISOString() }],
  }),
  CREATE_LABEL: (w) => ({ orderId: w.order }),
  CREATE_MULTIPLE_LABEL: (w) => ({ orderIds: [w.order] }),
  CREATE_UNIT: (w) => sampleUnit(w.departments[0], [w.couriers[0]]),
  UPDATE_UNIT: (w) => ({ id: w.units[0], capacity: 25, break: { type: 'NoBreakTime' } }),
  DEACTIVATE_UNIT: (w) => ({ id: w.units[1] }),
  ASSIGN_VEHICLE_TO_DEPARTMENT: (w) => ({ vehicleId: w.vehicle, departmentId: w.departments[1] }),
  UNASSIGN_VEHICLE_FROM_DEPARTMENT: (w) => ({ vehicleId: w.vehicle }),
  CREATE_COURIER_USER: (w) => updateSamples.UPDATE_COURIER_USER(w).create,
  UPDATE_COURIER_USER: (w) => ({ id: w.couriers[0], driverId: 'D-9', secureLoginEnabled: false }),
  CREATE_SLOT: (w) => ({
    departmentId: w.departments[0],
    name: 'Morning',
    timeFrom: `${DATE}T07:00:00+01:00`,
  }),
  UPDATE_SLOT: (w) => ({ id: w.slot, name: 'Late' }),
  DELETE_SLOT: (w) => ({ id: w.slot }),
  CHANGE_SLOT_STATE: (w) => ({ slotId: w.slot, transition: 'completePlanning' }),
  TOGGLE_SLOT_MANUAL_PLANNING: (w) => ({ slot: w.slot }),
  ASSIGN_COURIER_TO_SLOT: (w) => ({ slotId: w.slot, courierId: null }),
  ASSIGN_UNIT_TO_SLOT: (w) => ({ slotId: w.slot, unitId: null }),
  ASSIGN_VEHICLE_TO_SLOT: (w) => ({ slotId: w.slot, vehicleId: '1' }),
  UNASSIGN_VEHICLE_FROM_SLOT: (w) => ({ slotId: w.slot }),
  UPDATE_AREA_IN_SLOT: (w) => ({
    slotId: w.slot,
    area: { id: 'a1', name: 'Sentrum', postalCodes: ['0150-0199'] },
  }),
  REMOVE_AREA_FROM_SLOT: (w) => ({ slotId: w.slot, areaId: 'a1' }),
  CREATE_ROUTE: (w) => ({ slotId: w.slot, consignmentIds: [w.order] }),
  UPDATE_ROUTE: (w) => ({ slotId: w.slot, stops: [{ kind: 'delivery', consignmentId: w.order }] }),
  DELETE_ROUTE: (w) => ({ slotId: w.slot }),
  DELETE_BREAK_FROM_ROUTE: (w) => ({ slotId: w.slot }),
  CREATE_OR_UPDATE_TEMPLATE: (w) => ({
    departmentId: w.departments[0],
    name: 'Weekdays',
    weekdays: [1, 2, 3],
    slots: [{ key: 'a', name: 'Morning', timeFrom: '07:00' }],
  }),
  CREATE_SLOTS_FROM_TEMPLATE: (w) => ({ templateId: w.template, fromDate: DATE, toDate: DATE }),
  DELETE_TEMPLATE: (w) => ({ id: w.template }),
  SET_PICKUP_AND_DELIVERY_DURATIONS: (w) => ({
    orderIds: [w.order],
    pickupDurationSeconds: 330,
    deliveryDurationSeconds: null,
  }),
  GROUP_ORDERS: (w) => ({ groupId: 'g1', groupName: 'G', orderIds: [w.order], fixedOrder: true }),
  UPDATE_PICKUP_AND_DELIVERY_TIMES: (w) => ({
    orderIds: [w.order],
    deliveryTimeEarliest: '10:00',
    deliveryTimeLatest: '14:00',
  }),
  UPDATE_ORDER_SERVICE_LEVEL: (w) => ({ orderIds: [w.order], serviceId: w.articleCodes[0] }),
  UPDATE_ORDER_VEHICLE_TYPE: (w) => ({ orderIds: [w.order], vehicleType: 'cargobike' }),
  UPDATE_DELIVERY_TIME: (w) => ({
    orderIds: [w.order],
    deliveryTimeEarliest: '11:00',
    deliveryTimeLatest: '15:00',
  }),
  // Runs of an empty day of Bergen end at once; runs of the slot's day are short.
  START_OPTIMIZING: (w) => ({ departmentId: w.departments[1], date: EMPTY_DAY, seconds: 1 }),
  CANCEL_RUNNING_OPTIMIZING: (w) => ({ id: w.run }),
  REVERSED_OPTIMIZE_SLOT: (w) => ({ slot: w.slot, seconds: 1 }),
  OPTIMIZE_SLOT_ON_SHIPMENT_LEVEL: (w) => ({ slot: w.slot, seconds: 1 }),
  CREATE_SUGGESTED_ROUTE: (w) => ({ slot: w.slot }),
  CREATE_SUGGESTED_ROUTE_WITH_CONSIGNMENTS: (w) => ({
    slot: w.slot,
    consignments: [w.order],
    allowSortingErrors: true,
  }),
  REORDER_SUGGESTED_ROUTE: (w) => ({
    slot: w.slot,
    route: [{ kind: 'delivery', consignmentId: w.order }],
  }),
  APPLY_SUGGESTED_ROUTE: (w) => ({ slot: w.slot, consignmentIdsToUnassign: [] }),
  CANCEL_SUGGESTED_ROUTE: (w) => ({ slot: w.slot }),
  DELETE_UNASSIGNED_ROUTE_POINT_SUGGESTIONS: (w) => ({ consignments: [w.order] }),
} satisfies Partial<Record<CommandName, Base>>;
