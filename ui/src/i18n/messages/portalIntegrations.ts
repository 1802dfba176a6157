import type { Locale } from '../locales';

/**
 * The customer portal's own integrations (docs/decisions/0085-portal-integrations.md): its menu
 * entries and the choice of a sub-customer, in the six languages (the `portalIntegrations`
 * section of each language). The pages' other texts are the admin screens' (`webhooks`, `apiKeys`).
 */
const en = {
  portalIntegrations: {
    webhooks: 'Webhooks',
    apiKeys: 'API keys',
    customer: 'Customer',
  },
};

type Texts = typeof en;

const nb: Texts = {
  portalIntegrations: { webhooks: 'Webhooks', apiKeys: 'API-nøkler', customer: 'Kunde' },
};

const sv: Texts = {
  portalIntegrations: { webhooks: 'Webhooks', apiKeys: 'API-nycklar', customer: 'Kund' },
};

const da: Texts = {
  portalIntegrations: { webhooks: 'Webhooks', apiKeys: 'API-nøgler', customer: 'Kunde' },
};

const fi: Texts = {
  portalIntegrations: { webhooks: 'Webhookit', apiKeys: 'API-avaimet', customer: 'Asiakas' },
};

const fr: Texts = {
  portalIntegrations: { webhooks: 'Webhooks', apiKeys: 'Clés API', customer: 'Client' },
};

export const portalIntegrationsMessages: Record<Locale, Texts> = { en, nb, sv, da, fi, fr };
