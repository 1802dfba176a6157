import {
  MAX_PHOTO_BYTES,
  MAX_SIGNATURE_POINTS,
  MAX_SIGNATURE_SIZE,
  MAX_SIGNATURE_STROKES,
  PHOTO_MAX_EDGE,
  type Signature,
} from '@nordlog/contracts';

/**
 * The courier's proof of delivery on the phone (docs/decisions/0068-proof-of-delivery.md): the
 * signature's points as the server takes them, and the photos made small enough to send.
 */

/** A signature being drawn: its strokes of whole-pixel points, flat `[x0, y0, x1, y1, ...]`. */
export type Strokes = number[][];

/** Points closer than this to the last one (pixels) add nothing a signature needs. */
const MIN_STEP = 2;

const pointCount = (strokes: Strokes) => strokes.reduce((n, s) => n + s.length / 2, 0);

/**
 * The strokes with a point added (a new stroke when `start`), rounded into the drawing area, or
 * the same strokes when it adds nothing (too close to the last point) or the signature is full
 * (the server's limits of points and strokes).
 */
export function addPoint(
  strokes: Strokes,
  x: number,
  y: number,
  area: { width: number; height: number },
  start: boolean,
): Strokes {
  const px = Math.min(Math.max(Math.round(x), 0), area.width);
  const py = Math.min(Math.max(Math.round(y), 0), area.height);
  if (pointCount(strokes) >= MAX_SIGNATURE_POINTS) return strokes;
  if (start || strokes.length === 0) {
    if (strokes.length >= MAX_SIGNATURE_STROKES) return strokes;
    return [...strokes, [px, py]];
  }
  const last = strokes[strokes.length - 1]!;
  const dx = px - last[last.length - 2]!;
  const dy = py - last[last.length - 1]!;
  if (dx * dx + dy * dy < MIN_STEP * MIN_STEP) return strokes;
  return [...strokes.slice(0, -1), [...last, px, py]];
}

/** True when no more points are taken. */
export const signatureFull = (strokes: Strokes) => pointCount(strokes) >= MAX_SIGNATURE_POINTS;

/** The signature as RECORD_DELIVERY_PROOF takes it (null: nothing drawn). */
export function signaturePayload(
  strokes: Strokes,
  area: { width: number; height: number },
): Signature | null {
  if (strokes.length === 0) return null;
  return {
    width: Math.min(Math.max(Math.round(area.width), 50), MAX_SIGNATURE_SIZE),
    height: Math.min(Math.max(Math.round(area.height), 20), MAX_SIGNATURE_SIZE),
    strokes,
  };
}

/** The size an image of `width` × `height` is drawn at so its longest edge is at most `edge`. */
export function fitWithin(width: number, height: number, edge: number) {
  const scale = Math.min(1, edge / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** Bytes as base64, in chunks (a photo is too long for one `String.fromCharCode` call). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Why a photo could not be taken: not an image the browser can read, or too large even small. */
export class PhotoError extends Error {
  constructor(readonly reason: 'notImage' | 'tooLarge') {
    super(reason);
  }
}

/** JPEG qualities tried, then smaller edges, until the photo is within the limit. */
const QUALITIES = [0.85, 0.7, 0.55];
const EDGES = [PHOTO_MAX_EDGE, 1200, 900];

/**
 * A photo from the camera or the gallery, downscaled on the phone (longest edge 1,600 pixels,
 * JPEG) until it is at most MAX_PHOTO_BYTES, as base64 for the command, with a preview URL.
 */
export async function downscalePhoto(file: Blob): Promise<{ data: string; preview: string }> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new PhotoError('notImage');
  }
  try {
    for (const edge of EDGES) {
      const size = fitWithin(bitmap.width, bitmap.height, edge);
      const canvas = document.createElement('canvas');
      canvas.width = size.width;
      canvas.height = size.height;
      canvas.getContext('2d')!.drawImage(bitmap, 0, 0, size.width, size.height);
      for (const quality of QUALITIES) {
        const blob = await new Promise<Blob | null>((done) =>
          canvas.toBlob(done, 'image/jpeg', quality),
        );
        if (blob && blob.size <= MAX_PHOTO_BYTES) {
          const data = toBase64(new Uint8Array(await blob.arrayBuffer()));
          return { data, preview: URL.createObjectURL(blob) };
        }
      }
    }
  } finally {
    bitmap.close();
  }
  throw new PhotoError('tooLarge');
}

/** The proof image's address (the query service's `/api/delivery-proof/{orderId}/{hash}`). */
export const proofImageUrl = (key: string) => `/api/${key}`;
