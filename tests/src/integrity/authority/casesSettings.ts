import { type CommandName } from '@nordlog/contracts';
import { content, entry, vendor, window, type AdminCase } from './world.js';

/** The admin cases (see the test) of calendars, the matrix, texts, upsales, vendors, same-day delivery, jobs and content. */
export const settingsCases = {
  // A department's calendar is its admins' (0078).
  UPSERT_DEPARTMENT_TIME_WINDOW: {
    outside: [(w) => ({ departmentId: w.oslo, bookingCutoff: '15:00' })],
    inside: (w) => ({ departmentId: w.bergen, bookingCutoff: '15:00' }),
  },
  ADD_PRODUCTION_TIME_WINDOW: {
    outside: [(w) => window(w.oslo, '2035-03-01')],
    inside: (w) => window(w.bergen, '2035-03-01'),
  },
  EDIT_PRODUCTION_TIME_WINDOW: {
    outside: [(w) => ({ id: w.osloWindow, name: 'Renamed' })],
    inside: (w) => ({ id: w.bergenWindow, name: 'Renamed' }),
  },
  DELETE_PRODUCTION_TIME_WINDOW: {
    outside: [(w) => ({ id: w.osloWindow })],
    inside: (w) => ({ id: w.bergenWindow }),
  },
  // A department's matrix is its admins' (0079).
  CREATE_MATRIX_ENTRY: {
    outside: [(w) => entry(w.oslo, '0200')],
    inside: (w) => entry(w.bergen, '5200'),
  },
  UPDATE_MATRIX_ENTRY: {
    outside: [(w) => ({ id: w.osloEntry, leadTimeDays: 3 })],
    inside: (w) => ({ id: w.bergenEntry, leadTimeDays: 3 }),
  },
  DELETE_MATRIX_ENTRY: {
    outside: [(w) => ({ id: w.osloEntry })],
    inside: (w) => ({ id: w.bergenEntry }),
  },
  // Texts and the services' mapping are the whole product's (0081): a scoped admin holding
  // the flag still may not.
  CREATE_TEXT: {
    outside: [() => ({ group: 'LABEL', key: 'scoped', texts: { en: 'Scoped' } })],
    inside: null,
  },
  UPDATE_TEXT: { outside: [(w) => ({ id: w.text, key: 'renamed' })], inside: null },
  DELETE_TEXT: { outside: [(w) => ({ id: w.text })], inside: null },
  UPDATE_SERVICE_MAPPING: {
    outside: [(w) => ({ id: w.service, important: true })],
    inside: null,
  },
  // Upsales rules are the whole product's (0087): a scoped admin holding the flag may not.
  CREATE_UPSALES_RULE: {
    outside: [(w) => ({ name: 'Scoped', articleId: w.extra })],
    inside: null,
  },
  UPDATE_UPSALES_RULE: { outside: [(w) => ({ id: w.upsalesRule, priority: 2 })], inside: null },
  DELETE_UPSALES_RULE: { outside: [(w) => ({ id: w.upsalesRule })], inside: null },
  ENABLE_UPSALES_RULE: { outside: [(w) => ({ id: w.upsalesRule })], inside: null },
  DISABLE_UPSALES_RULE: { outside: [(w) => ({ id: w.upsalesRule })], inside: null },
  // A vendor is its hiring department's (0091).
  CREATE_VENDOR: { outside: [(w) => vendor(w.oslo)], inside: (w) => vendor(w.bergen) },
  UPDATE_VENDOR: {
    outside: [(w) => ({ id: w.osloVendor, name: 'Renamed' })],
    inside: (w) => ({ id: w.bergenVendor, name: 'Renamed' }),
  },
  DELETE_VENDOR: {
    outside: [(w) => ({ id: w.osloVendor })],
    inside: (w) => ({ id: w.bergenVendor2 }),
  },
  // Same-day home delivery settings are their department's (0092).
  UPSERT_SHD_SETTINGS: {
    outside: [(w) => ({ departmentId: w.oslo, enabled: true, dailyCapacity: 3 })],
    inside: (w) => ({ departmentId: w.bergen, enabled: true, dailyCapacity: 3 }),
  },
  CONNECT_UNITS_TO_VENDOR_SITE: {
    outside: [(w) => ({ vendorId: w.osloVendor, siteCode: 'D1', unitIds: [] })],
    inside: (w) => ({ vendorId: w.bergenVendor, siteCode: 'D1', unitIds: [] }),
  },
  // The product's jobs run for every department (0076), and only an ADMIN switches them.
  ENABLE_JOB: { outside: [() => ({ job: 'RETENTION' })], inside: null },
  DISABLE_JOB: { outside: [() => ({ job: 'RETENTION' })], inside: null },
  // Banners, news and help texts are shown in every department (0077): a scoped admin holding
  // the flag still may not.
  CREATE_BANNER: { outside: [() => ({ ...content('Snow'), level: 'INFO' })], inside: null },
  UPDATE_BANNER: { outside: [(w) => ({ id: w.banner, level: 'WARNING' })], inside: null },
  DELETE_BANNER: { outside: [(w) => ({ id: w.banner })], inside: null },
  CREATE_NEWS: { outside: [() => content('Depot')], inside: null },
  UPDATE_NEWS: { outside: [(w) => ({ id: w.news, targetRoles: ['ADMIN'] })], inside: null },
  DELETE_NEWS: { outside: [(w) => ({ id: w.news })], inside: null },
  CREATE_WHATS_THIS_MODAL: {
    outside: [() => ({ ...content('Help'), screen: '/admin/holidays' })],
    inside: null,
  },
  UPDATE_WHATS_THIS_MODAL: {
    outside: [(w) => ({ id: w.helpModal, screen: '/admin/jobs' })],
    inside: null,
  },
  DELETE_WHATS_THIS_MODAL: { outside: [(w) => ({ id: w.helpModal })], inside: null },
} satisfies Partial<Record<CommandName, AdminCase>>;
