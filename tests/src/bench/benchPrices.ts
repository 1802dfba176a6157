/**
 * The benches' prices (bench:invoicing's department and bench:reports' hundred): one article
 * catalogue and one price list of it, made through the command API.
 */

/** The benches' article catalogue: freight per zone in weight brackets, kilograms, packages. */
export async function createBenchArticles(
  run: (name: string, payload: unknown) => Promise<unknown>,
): Promise<void> {
  for (const [code, kind, group] of [
    ['FREIGHT', 'FREIGHT', 'TRANSPORT'],
    ['KG', 'WEIGHT', 'TRANSPORT'],
    ['PKG', 'PACKAGE', 'TRANSPORT'],
  ] as const)
    await run('CREATE_ARTICLE', { code, label: `${code} (bench)`, kind, group });
}

/**
 * The benches' NOK price list of the catalogue, valid from `validFrom` (name and department are
 * the caller's): freight per zone (Oslo's zips CITY, the rest of the east REGION) in weight
 * brackets, kilograms above 35 kg, a price per package.
 */
export const benchPriceList = (validFrom: string) => ({
  currency: 'NOK',
  validFrom,
  zones: [
    { code: 'CITY', country: 'NO', fromZip: '0001', toZip: '1299' },
    { code: 'REGION', country: 'NO', fromZip: '1300', toZip: '3999' },
  ],
  lines: [
    { articleCode: 'FREIGHT', zone: 'CITY', customerPrice: 19_900, resourcePrice: 14_000 },
    {
      articleCode: 'FREIGHT',
      zone: 'CITY',
      from: 10,
      customerPrice: 24_900,
      resourcePrice: 17_000,
    },
    {
      articleCode: 'FREIGHT',
      zone: 'CITY',
      from: 35,
      customerPrice: 34_900,
      resourcePrice: 25_000,
    },
    { articleCode: 'FREIGHT', zone: 'REGION', customerPrice: 29_900, resourcePrice: 21_000 },
    {
      articleCode: 'FREIGHT',
      zone: 'REGION',
      from: 35,
      customerPrice: 44_900,
      resourcePrice: 31_000,
    },
    { articleCode: 'KG', from: 35, per: 'UNIT', customerPrice: 150, resourcePrice: 90 },
    { articleCode: 'PKG', per: 'UNIT', customerPrice: 1_500, resourcePrice: 500 },
  ],
});
