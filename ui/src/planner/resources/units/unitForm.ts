import {
  createUnitSchema,
  depotOf,
  isoToMinutes,
  issueKey,
  isValidationKey,
  maxWorkingTimeHours,
  minutesToIso,
  toNumber,
  unitIssues,
  type Break,
  type BreakType,
  type Depot,
  type UnitFields,
  type UnitRow,
} from '@nordlog/contracts';

/**
 * The courier/unit form (spec §2 "Courier/unit create-and-edit form", §3 "Unit/vehicle", §5): what
 * the inputs hold (text for numbers, minutes for break durations, the inverted "should driver not
 * return" flag, the break fields of spec §3 one by one) and how it becomes the command's payload,
 * checked by the contracts' own schema so the form and the server agree.
 */
export interface UnitFormValues {
  name: string;
  courier: string;
  alystraId: string;
  departmentId: string;
  registrationNumber: string;
  vehicleBrand: string;
  vehicleModel: string;
  isActive: boolean;
  isUnit: boolean;
  color: string;
  capacity: string;
  weightCapacity: string;
  volumeCapacity: string;
  speedFactor: string;
  serviceTimeFactor: string;
  maxRangeKm: string;
  /** A depot picked from the geocoder's suggestions, or null: none (docs/decisions/0041-depot.md). */
  startLocation: Depot | null;
  endLocation: Depot | null;
  /** Spec §3: the form shows shouldDriverReturn inverted. */
  shouldDriverNotReturn: boolean;
  vehicleType: string;
  fuelType: string;
  /** '' is "none". */
  vehicleControl: string;
  vehicleControlComment: string;
  commercialTrafficEligibility: boolean;
  euroClass: string;
  co2: string;
  courierUserIds: string[];
  breakType: BreakType;
  breakEarliest: string;
  breakLatest: string;
  /** Minutes, as typed. */
  breakTimeWindowDuration: string;
  /** Hours, one of `maxWorkingTimeHours`. */
  breakMaxWorkingTime: string;
  breakWorkingTimeDuration: string;
}

export type UnitFormField = keyof UnitFormValues;

/** The break fields of the form (spec §3): all cleared when the break type changes (spec §4). */
export const breakFields = [
  'breakEarliest',
  'breakLatest',
  'breakTimeWindowDuration',
  'breakMaxWorkingTime',
  'breakWorkingTimeDuration',
] as const satisfies readonly UnitFormField[];

/** Spec §5: the max working time options, in hours (exactly these). */
export const maxWorkingTimeOptions: readonly number[] = maxWorkingTimeHours;

/** The feature flag that offers the working-time break (spec §4: "when a feature check allows"). */
export const WORKING_TIME_FEATURE = 'workingTimeBreak';

/** The break types the form offers: working time only with the feature, or when the unit has one. */
export const breakTypeOptions = (features: ReadonlySet<string>, current: BreakType): BreakType[] =>
  features.has(WORKING_TIME_FEATURE) || current === 'WorkingTime'
    ? ['NoBreakTime', 'TimeWindow', 'WorkingTime']
    : ['NoBreakTime', 'TimeWindow'];

/** A new unit (or vehicle record) of a department with the defaults of spec §3. */
export function emptyUnitForm(departmentId: string, isUnit: boolean): UnitFormValues {
  return {
    name: '',
    courier: '',
    alystraId: '',
    departmentId,
    registrationNumber: '',
    vehicleBrand: '',
    vehicleModel: '',
    isActive: true,
    isUnit,
    color: '#ffffff',
    capacity: '',
    weightCapacity: '',
    volumeCapacity: '',
    speedFactor: '1',
    serviceTimeFactor: '1',
    maxRangeKm: '',
    // No depot: not spec §3's 0,0, a point in the Gulf of Guinea (0041-depot).
    startLocation: null,
    endLocation: null,
    shouldDriverNotReturn: false,
    vehicleType: '',
    fuelType: '',
    vehicleControl: '',
    vehicleControlComment: '',
    commercialTrafficEligibility: false,
    euroClass: '',
    co2: '',
    courierUserIds: [],
    breakType: 'NoBreakTime',
    ...clearedBreak(),
  };
}

/** Every break field empty. */
export function clearedBreak(): Pick<UnitFormValues, (typeof breakFields)[number]> {
  return {
    breakEarliest: '',
    breakLatest: '',
    breakTimeWindowDuration: '',
    breakMaxWorkingTime: '',
    breakWorkingTimeDuration: '',
  };
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
const minutesText = (iso: string) => text(isoToMinutes(iso));

/** A stored unit as the form shows it. */
export function unitToForm(unit: UnitFields): UnitFormValues {
  const b = unit.break;
  return {
    name: unit.name,
    courier: unit.courier,
    alystraId: unit.alystraId,
    departmentId: unit.departmentId,
    registrationNumber: unit.registrationNumber,
    vehicleBrand: unit.vehicleBrand,
    vehicleModel: unit.vehicleModel,
    isActive: unit.isActive,
    isUnit: unit.isUnit,
    color: unit.color,
    capacity: text(unit.capacity),
    weightCapacity: text(unit.weightCapacity),
    volumeCapacity: text(unit.volumeCapacity),
    speedFactor: text(unit.speedFactor),
    serviceTimeFactor: text(unit.serviceTimeFactor),
    maxRangeKm: text(unit.maxRangeKm),
    startLocation: depotOf(unit.startLocation),
    endLocation: depotOf(unit.endLocation),
    shouldDriverNotReturn: !unit.shouldDriverReturn,
    vehicleType: unit.vehicleType,
    fuelType: unit.fuelType,
    vehicleControl: unit.vehicleControl ?? '',
    vehicleControlComment: unit.vehicleControlComment,
    commercialTrafficEligibility: unit.commercialTrafficEligibility,
    euroClass: unit.euroClass ?? '',
    co2: text(unit.co2),
    courierUserIds: unit.courierUserIds,
    breakType: b.type,
    breakEarliest: b.type === 'TimeWindow' ? b.earliest : '',
    breakLatest: b.type === 'TimeWindow' ? b.latest : '',
    breakTimeWindowDuration: b.type === 'TimeWindow' ? minutesText(b.duration) : '',
    breakMaxWorkingTime: b.type === 'WorkingTime' ? text(isoToMinutes(b.maxWorkingTime)! / 60) : '',
    breakWorkingTimeDuration: b.type === 'WorkingTime' ? minutesText(b.duration) : '',
  };
}

/** A number typed in the form: a comma is a decimal point (spec §5); empty is left out. */
const number = (value: string): number | undefined =>
  value.trim() === '' ? undefined : toNumber(value);
const optionalNumber = (value: string): number | null =>
  value.trim() === '' ? null : toNumber(value);

/** Whole minutes as typed, as an ISO duration (spec §3: minutes in the form, ISO in the break). */
function duration(minutes: string): string {
  const text = minutes.trim();
  return /^\d{1,4}$/.test(text) ? minutesToIso(Number(text)) : text === '' ? '' : `x${text}`;
}

/** The break object of the form's break fields (each kind with its own fields only, spec §3). */
export function breakOf(values: UnitFormValues): Break {
  switch (values.breakType) {
    case 'TimeWindow':
      return {
        type: 'TimeWindow',
        earliest: values.breakEarliest,
        latest: values.breakLatest,
        duration: duration(values.breakTimeWindowDuration),
      };
    case 'WorkingTime':
      return {
        type: 'WorkingTime',
        maxWorkingTime: values.breakMaxWorkingTime ? `PT${values.breakMaxWorkingTime}H` : '',
        duration: duration(values.breakWorkingTimeDuration),
      };
    case 'NoBreakTime':
      return { type: 'NoBreakTime' };
  }
}

/** The payload of CREATE_UNIT (the whole unit) from the form. */
export function formToPayload(values: UnitFormValues): Record<string, unknown> {
  return {
    name: values.name,
    courier: values.courier,
    alystraId: values.alystraId,
    departmentId: values.departmentId,
    registrationNumber: values.registrationNumber,
    vehicleBrand: values.vehicleBrand,
    vehicleModel: values.vehicleModel,
    isActive: values.isActive,
    isUnit: values.isUnit,
    color: values.color,
    capacity: number(values.capacity),
    weightCapacity: number(values.weightCapacity),
    volumeCapacity: number(values.volumeCapacity),
    speedFactor: number(values.speedFactor),
    serviceTimeFactor: number(values.serviceTimeFactor),
    maxRangeKm: optionalNumber(values.maxRangeKm),
    startLocation: values.startLocation,
    endLocation: values.endLocation,
    shouldDriverReturn: !values.shouldDriverNotReturn,
    vehicleType: values.vehicleType || undefined,
    fuelType: values.fuelType || undefined,
    vehicleControl: values.vehicleControl || null,
    // Spec §4: the comment belongs to a vehicle that is not approved.
    vehicleControlComment:
      values.vehicleControl === 'notApproved' ? values.vehicleControlComment : '',
    commercialTrafficEligibility: values.commercialTrafficEligibility,
    euroClass: values.euroClass || null,
    co2: optionalNumber(values.co2),
    courierUserIds: values.courierUserIds,
    break: breakOf(values),
  };
}

/**
 * The fields of UPDATE_UNIT: those whose value differs from the stored unit (an update changes
 * what it names, docs/decisions/0018), with the id.
 */
export function changedPayload(
  unit: UnitRow,
  payload: Record<string, unknown>,
): Record<string, unknown> {
  const changed: Record<string, unknown> = { id: unit.id };
  for (const [key, value] of Object.entries(payload))
    if (JSON.stringify((unit as unknown as Record<string, unknown>)[key]) !== JSON.stringify(value))
      changed[key] = value;
  return changed;
}

/** The form field a payload path belongs to (`break.duration`, `startLocation.lat`, ...). */
export function fieldOf(
  path: readonly PropertyKey[],
  values: UnitFormValues,
): UnitFormField | null {
  const [head, inner] = path.map(String);
  if (head === 'shouldDriverReturn') return 'shouldDriverNotReturn';
  if (head === 'break') {
    if (inner === 'earliest') return 'breakEarliest';
    if (inner === 'latest') return 'breakLatest';
    if (inner === 'maxWorkingTime') return 'breakMaxWorkingTime';
    if (inner === 'duration')
      return values.breakType === 'WorkingTime'
        ? 'breakWorkingTimeDuration'
        : 'breakTimeWindowDuration';
    return 'breakType';
  }
  return head !== undefined && head in values ? (head as UnitFormField) : null;
}

const isEmpty = (value: unknown) =>
  value === '' || (Array.isArray(value) && value.length === 0) || value === undefined;

/**
 * Spec §5 "Break" as the form checks it: a time window needs its earliest start (message key
 * requiredEarliestStartBreak), its latest start and a duration; working time needs its max working
 * time and a duration ("required break duration").
 */
export function breakIssues(values: UnitFormValues): Partial<Record<UnitFormField, string>> {
  const issues: Partial<Record<UnitFormField, string>> = {};
  if (values.breakType === 'TimeWindow') {
    if (!values.breakEarliest) issues.breakEarliest = 'validation.requiredEarliestStartBreak';
    if (!values.breakLatest) issues.breakLatest = 'validation.required';
    if (!values.breakTimeWindowDuration.trim())
      issues.breakTimeWindowDuration = 'validation.required';
  }
  if (values.breakType === 'WorkingTime') {
    if (!values.breakMaxWorkingTime) issues.breakMaxWorkingTime = 'validation.required';
    if (!values.breakWorkingTimeDuration.trim())
      issues.breakWorkingTimeDuration = 'validation.breakDuration';
  }
  return issues;
}

/**
 * Every problem of the form, by field, as message keys: the break rules of the form, then the
 * contracts' create schema on the payload (the server applies the same one). An empty required
 * field says "required" (spec §5).
 */
export function unitFormIssues(values: UnitFormValues): Partial<Record<UnitFormField, string>> {
  const issues = breakIssues(values);
  const payload = formToPayload(values);
  // The rules across fields (zod runs them only on an otherwise valid unit).
  for (const i of unitIssues(payload)) issues[i.path as UnitFormField] ??= i.message;
  const parsed = createUnitSchema.safeParse(payload);
  if (parsed.success) return issues;
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path, values);
    if (!field || issues[field]) continue;
    const raw = values[field];
    let key: string = issueKey(issue);
    if (isEmpty(raw)) key = field.startsWith('break') ? key : 'validation.required';
    else if (!isValidationKey(issue.message)) {
      if (field === 'startLocation' || field === 'endLocation') key = 'validation.coordinates';
      else if (field === 'breakEarliest' || field === 'breakLatest') key = 'validation.time';
      else if (field === 'breakTimeWindowDuration' || field === 'breakWorkingTimeDuration')
        key = 'validation.breakDuration';
      else if (typeof raw === 'string' && key === 'validation.invalid') key = 'validation.number';
    }
    issues[field] = key;
  }
  return issues;
}

/**
 * The depot a suggestion of the address search names: its point, its label as the address and
 * its precision; null when the suggestion has no position (a depot is a place).
 */
export function depotFromSuggestion(result: {
  label: string;
  latLng?: { lat: number; lng: number } | undefined;
  precision?: Depot['precision'];
}): Depot | null {
  if (!result.latLng) return null;
  const { lat, lng } = result.latLng;
  return {
    lat,
    lng,
    address: result.label,
    ...(result.precision ? { precision: result.precision } : {}),
  };
}

/** What the form shows for a depot: its address, else its point, else "none" (null). */
export function depotText(depot: Depot | null): string | null {
  if (!depot) return null;
  return depot.address || `${depot.lat}, ${depot.lng}`;
}
