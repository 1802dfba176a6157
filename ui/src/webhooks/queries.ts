import type { WebhookMessageStatus } from '@nordlog/contracts';
import { REFETCH } from '../live/applyChanges';

/** Query-key heads (docs/decisions/0070): `webhooks` follows the socket entity of that name. */
export const WEBHOOKS_KEY = 'webhooks';
export const WEBHOOK_MESSAGES_KEY = 'webhookMessages';
export const webhooksKey = (customerId: string) => [WEBHOOKS_KEY, REFETCH, customerId];

/** The chip colour of a delivery's status (always shown with its label). */
export const statusColor = (s: WebhookMessageStatus): 'success' | 'warning' | 'error' =>
  s === 'DELIVERED' ? 'success' : s === 'PENDING' ? 'warning' : 'error';

/** A date and time in the user's locale. */
export const when = (iso: string | null, locale: string): string =>
  iso ? new Date(iso).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'medium' }) : '';
