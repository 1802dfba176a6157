import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadWithRetry } from '../shell/staleCode';

const WebhooksPage = lazy(() => loadWithRetry(() => import('./WebhooksPage')));
const WebhookMessagesPage = lazy(() => loadWithRetry(() => import('./WebhookMessagesPage')));
const IntegrationsPage = lazy(() => loadWithRetry(() => import('./IntegrationsPage')));

export const CUSTOMER_WEBHOOKS = '/admin/customers/:customerId/webhook/*';
export const WEBHOOK_MESSAGES = '/webhook-messages/*';
export const INTEGRATIONS = '/admin/integrations/:date?';

/**
 * The webhook screens (spec §2; docs/decisions/0070-webhooks.md): a customer's hooks, the
 * delivery log with replay, and the day's overview of every hook's deliveries.
 */
export const webhookScreens: {
  path: string;
  rule: string;
  Page: LazyExoticComponent<ComponentType>;
}[] = [
  { path: CUSTOMER_WEBHOOKS, rule: CUSTOMER_WEBHOOKS, Page: WebhooksPage },
  { path: WEBHOOK_MESSAGES, rule: WEBHOOK_MESSAGES, Page: WebhookMessagesPage },
  { path: INTEGRATIONS, rule: INTEGRATIONS, Page: IntegrationsPage },
];
