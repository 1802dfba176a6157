import type { OutboxMessagePort } from '@nordlog/platform';
import type { RequestHandler } from 'express';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Development only: the messages the product would have sent, so a person can log in. */
export const devMessagesPage =
  (outbox: OutboxMessagePort): RequestHandler =>
  async (_req, res) => {
    const rows = await outbox.latest(50);
    const items = rows.map(
      (m) =>
        `<tr><td>${m.created_at.toISOString()}</td><td>${escape(m.channel)}</td><td>${escape(m.recipient)}</td><td>${escape(m.subject ?? '')}</td><td><pre>${escape(m.body)}</pre></td></tr>`,
    );
    res
      .type('html')
      .send(
        `<!doctype html><meta charset="utf-8"><title>Outgoing messages (development)</title>` +
          `<h1>Outgoing messages (development only)</h1><table><tr><th>When</th><th>Channel</th><th>To</th><th>Subject</th><th>Message</th></tr>${items.join('')}</table>`,
      );
  };
