import { z } from 'zod';
import { entityId } from '../common.js';

/**
 * Proof of delivery (issue 42 part 3, docs/decisions/0068-proof-of-delivery.md): the recipient's
 * name, a signature drawn on the courier's screen and up to three photos, sent with the delivery
 * report (RECORD_DELIVERY_PROOF delivers the consignment when it is not delivered yet). The bytes
 * go to the proof store (platform `BlobStore`); the order's stream keeps references only.
 */

/** The photos of one delivery, at most. */
export const MAX_PROOF_PHOTOS = 3;
/** A photo's bytes at most, after the phone downscaled it (the page says so). */
export const MAX_PHOTO_BYTES = 600 * 1024;
/** The longest edge the courier's page downscales a photo to, in pixels. */
export const PHOTO_MAX_EDGE = 1600;
/** The points of a signature at most (all its strokes together). */
export const MAX_SIGNATURE_POINTS = 4000;
/** The strokes of a signature at most. */
export const MAX_SIGNATURE_STROKES = 200;
/** A signature's drawing area at most, in pixels either way (the points lie inside it). */
export const MAX_SIGNATURE_SIZE = 2000;
/** The recipient's name at most, in characters. */
export const MAX_RECIPIENT_NAME = 100;

/** The photo types the store takes, known by their first bytes (never by what the client says). */
export const proofPhotoTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ProofPhotoType = (typeof proofPhotoTypes)[number];
/** The signature is kept as the SVG the server draws from its points. */
export const SIGNATURE_CONTENT_TYPE = 'image/svg+xml';

/** The key prefix of an order's proof in the store: `delivery-proof/{orderId}/`. */
export const proofKeyPrefix = (orderId: string) => `delivery-proof/${orderId}/`;
/** The gateway path (below `/api`) that answers a proof image: `/delivery-proof/{orderId}/{hash}`. */
export const PROOF_IMAGE_PREFIX = '/delivery-proof/';

/** The content type a photo's first bytes announce, or null when they announce none we take. */
export function photoTypeOf(head: Uint8Array): ProofPhotoType | null {
  const at = (i: number) => head[i] ?? -1;
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b))
    return 'image/png';
  const ascii = (from: number, to: number) =>
    String.fromCharCode(...Array.from(head.subarray(from, to)));
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** The bytes a base64 text decodes to (without decoding it). */
export const base64Size = (text: string) =>
  Math.floor((text.length * 3) / 4) - (text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0);
/** The first bytes of a base64 text (16 characters: 12 bytes). */
function base64Head(text: string): Uint8Array {
  const binary = atob(text.slice(0, 16));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
/** The longest base64 text of a photo within the limit. */
const MAX_PHOTO_TEXT = Math.ceil(MAX_PHOTO_BYTES / 3) * 4;

/** A photo as sent: its bytes in base64 (JPEG, PNG or WebP; the type is read from the bytes). */
export const proofPhotoSchema = z.object({
  data: z
    .string()
    .min(16, 'required')
    // Checked on the text's length before anything is decoded: a large photo costs nothing more.
    .max(MAX_PHOTO_TEXT, { error: `a photo is at most ${kb(MAX_PHOTO_BYTES)}` })
    .superRefine((data, ctx) => {
      if (data.length > MAX_PHOTO_TEXT) return;
      if (!BASE64.test(data) || data.length % 4 !== 0)
        ctx.addIssue({ code: 'custom', message: 'a photo must be sent as base64' });
      else if (base64Size(data) > MAX_PHOTO_BYTES)
        ctx.addIssue({ code: 'custom', message: `a photo is at most ${kb(MAX_PHOTO_BYTES)}` });
      else if (!photoTypeOf(base64Head(data)))
        ctx.addIssue({ code: 'custom', message: 'a photo must be a JPEG, PNG or WebP image' });
    }),
});

const coordinate = z.number().int().min(0).max(MAX_SIGNATURE_SIZE);

/**
 * A signature as drawn: the drawing area and its strokes, each a flat list of whole-pixel
 * points `[x0, y0, x1, y1, ...]` (a dot is one point).
 */
export const signatureSchema = z
  .object({
    width: z.number().int().min(50).max(MAX_SIGNATURE_SIZE),
    height: z.number().int().min(20).max(MAX_SIGNATURE_SIZE),
    strokes: z
      .array(
        z
          .array(coordinate)
          .min(2, 'x and y for each point')
          .max(MAX_SIGNATURE_POINTS * 2, {
            error: `a signature has at most ${MAX_SIGNATURE_POINTS} points`,
          }),
      )
      .min(1, 'the signature has no strokes')
      .max(MAX_SIGNATURE_STROKES, {
        error: `a signature has at most ${MAX_SIGNATURE_STROKES} strokes`,
      }),
  })
  .superRefine((s, ctx) => {
    let points = 0;
    for (const [i, stroke] of s.strokes.entries()) {
      if (stroke.length > MAX_SIGNATURE_POINTS * 2) return;
      points += stroke.length / 2;
      if (stroke.length % 2 !== 0)
        ctx.addIssue({ code: 'custom', path: ['strokes', i], message: 'x and y for each point' });
      for (let p = 0; p < stroke.length; p += 2)
        if (stroke[p]! > s.width || stroke[p + 1]! > s.height) {
          ctx.addIssue({
            code: 'custom',
            path: ['strokes', i],
            message: 'a point lies outside the signature',
          });
          break;
        }
    }
    if (points > MAX_SIGNATURE_POINTS)
      ctx.addIssue({
        code: 'custom',
        path: ['strokes'],
        message: `a signature has at most ${MAX_SIGNATURE_POINTS} points`,
      });
  });
export type Signature = z.infer<typeof signatureSchema>;

/**
 * RECORD_DELIVERY_PROOF: the proof of one delivery, sent by the courier at the door (or a planner
 * for it). The consignment is delivered with it when it is not yet. A signature or a photo at the
 * least; a signature needs the name of who signed.
 */
export const recordDeliveryProofSchema = z
  .object({
    orderId: entityId,
    recipientName: z
      .string()
      .trim()
      .max(MAX_RECIPIENT_NAME, { error: 'validation.tooLong' })
      .optional(),
    signature: signatureSchema.optional(),
    photos: z
      .array(proofPhotoSchema)
      .max(MAX_PROOF_PHOTOS, { error: `at most ${MAX_PROOF_PHOTOS} photos` })
      .optional(),
  })
  .superRefine((p, ctx) => {
    if (!p.signature && !p.photos?.length)
      ctx.addIssue({
        code: 'custom',
        path: ['signature'],
        message: 'a signature or a photo is required',
      });
    if (p.signature && !p.recipientName)
      ctx.addIssue({ code: 'custom', path: ['recipientName'], message: 'validation.required' });
  });
export type RecordDeliveryProof = z.infer<typeof recordDeliveryProofSchema>;

export const proofCommandSchemas = { RECORD_DELIVERY_PROOF: recordDeliveryProofSchema } as const;

/** A stored image of a proof: its key in the store (`delivery-proof/{orderId}/{sha256}`). */
export interface ProofImage {
  key: string;
  contentType: string;
  size: number;
}

/** A delivery's proof, as the order's stream and its read-model row keep it. */
export interface DeliveryProof {
  recipientName: string | null;
  signature: ProofImage | null;
  photos: ProofImage[];
  /** The courier who took it (null: a planner recorded it). */
  courierId: string | null;
  /** When it was recorded (the service's clock). */
  recordedAt: string;
}

export interface DeliveryProofRecordedEvent {
  type: 'DeliveryProofRecorded';
  data: { proof: DeliveryProof };
}
export type ProofEvent = DeliveryProofRecordedEvent;

/** The image's hash from its key (the last segment), as the image path names it. */
export const proofImageHash = (key: string) => key.slice(key.lastIndexOf('/') + 1);
