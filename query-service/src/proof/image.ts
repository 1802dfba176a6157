import {
  AppError,
  ORDERS_TABLE,
  PROOF_IMAGE_PREFIX,
  denial,
  proofKeyPrefix,
  queryPermissions,
} from '@nordlog/contracts';
import { requestIdentity } from '@nordlog/platform';
import type { Request, Response, Router } from 'express';
import { minPosition } from '../minPosition.js';
import { scoped } from '../orders/query.js';
import type { QueryServiceDeps } from '../service.js';

/**
 * `GET /api/delivery-proof/{orderId}/{hash}` (docs/decisions/0068-proof-of-delivery.md): an image
 * of a delivery's proof, the signature (SVG) or a photo, as stored. Who may: whoever may ask the
 * `orders` query or the audit replay, for an order of its departments (a customer user: of its
 * customer), the same row access as the order's; anything else, an unknown image, or one erased, is not found. The key is
 * the order's own prefix and the hash, so an image of another order is never reached by this one.
 */
export function mountProofImages(router: Router, deps: QueryServiceDeps): void {
  router.get(
    `${PROOF_IMAGE_PREFIX}:orderId/:hash`,
    minPosition(deps.waitForPosition, deps.minPositionWaitMs),
    async (req: Request<{ orderId: string; hash: string }>, res: Response) => {
      const identity = (deps.identify ?? requestIdentity)(req);
      // The order's readers, and the audit replay's (which shows the proof as of an event).
      const refused = denial(identity, queryPermissions.orders, 'query');
      if (refused && denial(identity, queryPermissions.apolloAuditLogEntries, 'query'))
        throw new AppError('NO_ACCESS', refused);
      const { orderId, hash } = req.params;
      const notFound = () => new AppError('NOT_FOUND', `Proof image ${orderId}/${hash} not found`);
      if (!/^[1-9]\d{0,17}$/.test(orderId) || !/^[0-9a-f]{64}$/.test(hash)) throw notFound();
      const row = await scoped(
        deps.knex(ORDERS_TABLE).where('id', orderId),
        identity,
        [],
        [],
      ).first<{ id: string } | undefined>('id');
      if (!row || !deps.blobs) throw notFound();
      const image = await deps.blobs.get(`${proofKeyPrefix(orderId)}${hash}`);
      if (!image) throw notFound();
      res
        .status(200)
        .set({
          'Content-Type': image.contentType,
          'Content-Disposition': `inline; filename="proof-${orderId}-${hash.slice(0, 12)}"`,
          // The SVG is drawn by the server from numbers; still, nothing in an image runs.
          'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'no-store',
        })
        .send(image.bytes);
    },
  );
}
