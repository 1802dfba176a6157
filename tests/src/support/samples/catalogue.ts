import { words, type Samples } from './base.js';

/** Update samples by feature (spread into `updateSamples`): texts, service mappings, articles, deviations and price lists. */
export const catalogueSamples = {
  // A text (docs/decisions/0081): a label's text with a placeholder its group knows.
  UPDATE_TEXT: () => ({
    create: {
      group: 'LABEL',
      key: `label.${words()}`,
      texts: { en: 'Fragile: {shipmentId}', nb: 'Skjør: {shipmentId}' },
    },
    changes: {
      key: `label.${words()}`,
      texts: { en: 'Handle with care', nb: 'Behandles varsomt', sv: 'Hanteras varsamt' },
    },
  }),
  // A service's mapping: made with its transport article (CREATE_ARTICLE keeps no flags: the
  // defaults are named here for the suites that flip each field back to its created value).
  UPDATE_SERVICE_MAPPING: () => ({
    create: {
      code: `EXP-${words().toUpperCase()}`,
      label: 'Express',
      kind: 'FREIGHT',
      vasCode: null,
      group: 'TRANSPORT',
      active: true,
      important: false,
      allowFlexDelivery: true,
      serviceCode: null,
    },
    changes: { important: true, allowFlexDelivery: false, serviceCode: 'EXP{W}{E}' },
  }),
  UPDATE_ARTICLE: () => ({
    create: {
      code: `SVC-${words().toUpperCase()}`,
      label: 'Signature on delivery',
      kind: 'SERVICE',
      vasCode: 'SIGN',
      group: 'SERVICES',
      active: true,
    },
    changes: { label: 'Signature', vasCode: 'SIGN2', group: 'EXTRA', active: false },
  }),
  UPDATE_DEVIATION: ({ planned }) => ({
    create: {
      orderId: planned,
      reason: 'DAMAGED',
      text: 'The box was crushed',
      position: { lat: 59.91, lng: 10.75 },
      photoRef: 'photos/1.jpg',
    },
    changes: { reason: 'REFUSED', text: 'Left at the door', photoRef: 'photos/2.jpg' },
    // Who changed it last and when: the row's bookkeeping of every update.
    view: ({ updatedAt: _a, updatedBy: _b, ...row }) => row,
  }),
  UPDATE_PRICE_LIST: ({ departments, articleCodes: [freight, weight] }) => ({
    create: {
      name: `Prices ${words()}`,
      departmentId: departments[0],
      currency: 'NOK',
      validFrom: '2026-01-01',
      validTo: null,
      zones: [{ code: 'OSLO', country: 'NO', fromZip: '0001', toZip: '1299' }],
      lines: [{ articleCode: freight, customerPrice: 25_000, resourcePrice: 18_000 }],
    },
    changes: {
      name: `Prices ${words()}`,
      currency: 'SEK',
      validFrom: '2026-02-01',
      validTo: '2026-12-31',
      zones: [
        { code: 'OSLO', country: 'NO', fromZip: '0001', toZip: '1299' },
        { code: 'REST', country: 'NO', fromZip: '1300', toZip: '9999' },
      ],
      lines: [
        { articleCode: freight, zone: 'OSLO', customerPrice: 39_000, resourcePrice: 28_000 },
        { articleCode: weight, from: 100, per: 'UNIT', customerPrice: 150 },
      ],
    },
  }),
} satisfies Samples;
