import {
  AppError,
  orderStream,
  photoTypeOf,
  proofKeyPrefix,
  SIGNATURE_CONTENT_TYPE,
  type ProofImage,
} from '@nordlog/contracts';
import { createHash } from 'node:crypto';
import { orderDecider } from '../consignments/decider.js';
import { guardFor } from '../consignments/handlers.js';
import { target } from '../framework/decider.js';
import type { Handler } from '../framework/handler.js';
import { assertCourierStops } from '../slots/handlers.js';
import type { ProveCommand } from './decide.js';
import { signatureSvg } from './svg.js';

/**
 * RECORD_DELIVERY_PROOF (issue 42 part 3, docs/decisions/0068-proof-of-delivery.md): the courier
 * of the order's running slot (or a planner of its department) records the recipient's name, the
 * signature and up to three photos; the consignment is delivered with it when it is not yet. The
 * images go to the proof store under `delivery-proof/{orderId}/{sha256}` (the same bytes, the same
 * key: a resend stores nothing new), and the order's stream gets their references. The decision is
 * tried on the order before anything is stored, so a refused proof leaves no image behind.
 */
export const recordDeliveryProof: Handler<'RECORD_DELIVERY_PROOF'> = async (payload, ctx) => {
  const { orderId, recipientName, signature, photos = [] } = payload;
  const blobs = ctx.blobs;
  if (!blobs)
    throw new AppError('SERVICE_UNAVAILABLE', 'The proof of delivery store is not configured');
  await assertCourierStops(ctx, [orderId]);
  const images: { ref: ProofImage; bytes: Buffer }[] = [];
  const image = (bytes: Buffer, contentType: string) => {
    const hash = createHash('sha256').update(bytes).digest('hex');
    const ref = { key: `${proofKeyPrefix(orderId)}${hash}`, contentType, size: bytes.length };
    images.push({ ref, bytes });
    return ref;
  };
  const signatureRef = signature
    ? image(Buffer.from(signatureSvg(signature), 'utf8'), SIGNATURE_CONTENT_TYPE)
    : null;
  const photoRefs = photos.map((p) => {
    const bytes = Buffer.from(p.data, 'base64');
    // The schema read the type from the first bytes; read again from what is stored.
    const type = photoTypeOf(bytes);
    if (!type)
      throw new AppError(
        'VALIDATION_ERROR',
        'payload.photos: a photo must be a JPEG, PNG or WebP image',
        {
          field: 'photos',
        },
      );
    return image(bytes, type);
  });
  const command: ProveCommand = {
    type: 'PROVE',
    proof: {
      recipientName: recipientName || null,
      signature: signatureRef,
      photos: photoRefs,
      courierId: ctx.identity.role === 'COURIER' ? (ctx.identity.courierId ?? null) : null,
      recordedAt: ctx.now.toISOString(),
    },
    override: ctx.identity.role !== 'COURIER',
  };
  // Refusals (no access, the state, an erased order) before any byte is stored.
  const state = await ctx.load(orderStream(orderId), orderDecider);
  guardFor(ctx.identity)(state);
  const events = orderDecider.decide(command, state);
  if (events.length > 0)
    for (const { ref, bytes } of images) await blobs.put(ref.key, bytes, ref.contentType);
  return [
    target({
      id: orderId,
      streamId: orderStream(orderId),
      decider: orderDecider,
      guard: guardFor(ctx.identity),
      command,
    }),
  ];
};

export const proofHandlers = { RECORD_DELIVERY_PROOF: recordDeliveryProof };
