import type { Signature } from '@nordlog/contracts';

/**
 * A signature's strokes as an SVG document (docs/decisions/0068): one path per stroke, a dot as
 * a round cap. Only whole numbers go in (the schema checked them), so the document holds nothing
 * but the drawing; the same strokes give the same bytes, and so the same key in the store.
 */
export function signatureSvg(signature: Signature): string {
  const paths = signature.strokes.map((stroke) => {
    const points: string[] = [];
    for (let i = 0; i < stroke.length; i += 2) points.push(`${stroke[i]} ${stroke[i + 1]}`);
    // A stroke of one point is drawn as a dot (a zero-length line with round caps).
    const d = points.length === 1 ? `M${points[0]}L${points[0]}` : `M${points.join('L')}`;
    return `<path d="${d}"/>`;
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${signature.width} ${signature.height}" ` +
    `width="${signature.width}" height="${signature.height}">` +
    `<g fill="none" stroke="#000" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round">` +
    `${paths.join('')}</g></svg>`
  );
}
