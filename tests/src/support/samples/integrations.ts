import { matrixBlock, seriesPrefix, words, type Samples } from './base.js';

/** Update samples by feature (spread into `updateSamples`): number series, webhooks, upsales rules, vendors and the department matrix. */
export const integrationSamples = {
  // A number series (docs/decisions/0099): its name and range end, under a prefix of its own.
  UPDATE_NUMBER_SERIES: () => ({
    create: {
      name: `Series ${words()}`,
      type: 'GSIN',
      companyPrefix: seriesPrefix(),
      firstSerial: 1,
      lastSerial: 100,
    },
    changes: { name: `Parcels ${words()}`, lastSerial: 200 },
    follows: { lastSerial: ['remaining'] },
    // Which stream's revision a row has applied is bookkeeping (the catalogue's moves on an update).
    view: ({ catalogueRevision: _c, allocationRevision: _a, ...row }) => row,
  }),
  // Webhooks (docs/decisions/0070): every field changed.
  UPDATE_WEBHOOK: ({ customers }) => ({
    create: {
      customerId: customers[0],
      url: 'http://127.0.0.1:9/one',
      events: ['OrderCreated'],
      description: 'one',
      // Not a create field (a new hook is on): named so that the suite can flip it back.
      enabled: true,
    },
    changes: {
      url: 'http://127.0.0.1:9/two',
      events: ['ConsignmentDelivered', 'OrderDeleted'],
      description: 'two',
      enabled: false,
    },
  }),
  // An upsales rule (docs/decisions/0087): every field changed, each change valid alone (the
  // ranges widen).
  UPDATE_UPSALES_RULE: ({ customers, articleCodes, vasArticles, customerGroup }) => ({
    create: {
      name: `Offer ${words()}`,
      articleId: vasArticles[0],
      customerIds: [customers[0]],
      customerGroupIds: [],
      serviceCodes: [articleCodes[0]],
      weightFromKg: 0,
      weightToKg: 20,
      postalCodeFrom: '0100',
      postalCodeTo: '0199',
      textKey: null,
      priority: 10,
    },
    changes: {
      name: `Extra ${words()}`,
      articleId: vasArticles[1],
      customerIds: [customers[0], customers[1]],
      customerGroupIds: [customerGroup],
      serviceCodes: [],
      weightFromKg: 5,
      weightToKg: 35,
      postalCodeFrom: '0050',
      postalCodeTo: '0299',
      textKey: 'booking.evening',
      priority: 5,
    },
  }),
  // A vendor (docs/decisions/0091): every field changed, each change valid alone (the number is a
  // valid Danish CVR and Finnish business id both, so the country changes alone).
  UPDATE_VENDOR: ({ departments }) => ({
    create: {
      departmentId: departments[0],
      name: `Haulier ${words()}`,
      country: 'DK',
      orgNumber: '10000602',
      email: 'dispatch@haulier.example',
      phone: '+4512345678',
      sites: [{ code: 'OSL1', name: 'Alnabru', location: null }],
    },
    changes: {
      name: `Transport ${words()}`,
      country: 'FI',
      orgNumber: '10000629',
      email: 'ops@haulier.example',
      phone: '+4587654321',
      sites: [
        { code: 'OSL1', name: 'Alnabru terminal', location: null },
        { code: 'BGO', name: 'Bergen', location: { lat: 60.39, lng: 5.32, address: 'Kokstad' } },
      ],
    },
  }),
  // A department matrix entry (docs/decisions/0079): every field changed, each change valid alone
  // (the range narrows inside its own block).
  UPDATE_MATRIX_ENTRY: ({ departments, articleCodes }) => {
    const block = matrixBlock();
    return {
      create: {
        departmentId: departments[0],
        name: `Area ${words()}`,
        postalCodeFrom: String(block),
        postalCodeTo: String(block + 99),
        serviceCodes: [articleCodes[0]],
        leadTimeDays: 1,
        deliveryWeekdays: ['MON', 'WED', 'FRI'],
      },
      changes: {
        name: `Zone ${words()}`,
        postalCodeFrom: String(block + 10),
        postalCodeTo: String(block + 50),
        serviceCodes: [articleCodes[0], 'EVENING'],
        leadTimeDays: 2,
        deliveryWeekdays: ['TUE', 'THU'],
      },
    };
  },
} satisfies Samples;
