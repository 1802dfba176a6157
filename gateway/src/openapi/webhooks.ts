import {
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  webhookEventTypes,
} from '@nordlog/contracts';

/**
 * What a customer's receiver gets (OpenAPI 3.1 `webhooks`; docs/decisions/0070-webhooks.md): the
 * body, the headers, and how to verify the signature.
 */
export const webhooksDocument = {
  orderEvent: {
    post: {
      summary: "An event of one of the customer's orders",
      description:
        "Sent to the URL of a webhook of the order's customer (never another customer's order) for " +
        'each event the webhook subscribes to. Verify it: compute HMAC-SHA256 with the secret shown ' +
        `when the webhook was made or rotated over the text \`<${WEBHOOK_TIMESTAMP_HEADER}>.<raw body>\`, ` +
        `hex-encode it, and compare \`v1=<hex>\` with ${WEBHOOK_SIGNATURE_HEADER} in constant time; ` +
        `refuse a ${WEBHOOK_TIMESTAMP_HEADER} more than 5 minutes from your clock. Answer 2xx within ` +
        '10 seconds; anything else is retried (30 s doubling to 2 h) for a day. Deliveries come at ' +
        `least once: ${WEBHOOK_ID_HEADER} is the delivery's id (a replay has a new one), the body's ` +
        "`id` the event's (the same in a replay). The body holds no personal data.",
      parameters: [
        {
          name: WEBHOOK_ID_HEADER,
          in: 'header',
          required: true,
          schema: { type: 'string', format: 'uuid' },
        },
        {
          name: WEBHOOK_TIMESTAMP_HEADER,
          in: 'header',
          required: true,
          description: 'When it was signed, in Unix seconds.',
          schema: { type: 'string', pattern: '^\\d+$' },
        },
        {
          name: WEBHOOK_SIGNATURE_HEADER,
          in: 'header',
          required: true,
          schema: { type: 'string', pattern: '^v1=[0-9a-f]{64}$' },
        },
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['id', 'type', 'occurredAt', 'customerId', 'order'],
              properties: {
                id: { type: 'string', description: "The event's id." },
                type: { enum: [...webhookEventTypes] },
                occurredAt: { type: 'string', format: 'date-time' },
                customerId: { type: 'string' },
                order: {
                  type: 'object',
                  required: ['id', 'shipmentId', 'departmentId', 'state'],
                  properties: {
                    id: { type: 'string' },
                    shipmentId: { type: ['string', 'null'] },
                    departmentId: { type: ['string', 'null'] },
                    state: {
                      type: ['string', 'null'],
                      description: "The order's state after the event.",
                    },
                  },
                },
              },
            },
          },
        },
      },
      responses: { '200': { description: 'Received (any 2xx).' } },
    },
  },
};
