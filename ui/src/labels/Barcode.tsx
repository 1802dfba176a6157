import type { Gs1Barcode } from '@nordlog/contracts';

/**
 * A GS1-128 barcode as SVG: one rectangle per bar, the quiet zones left blank, drawn to a fixed
 * module width in millimetres so that the printed X-dimension is what scanners expect (0.5 mm
 * here: within GS1's 0.495–1.016 mm for logistic labels). The human-readable text is below it.
 */
export function Barcode(props: {
  code: Gs1Barcode;
  /** Bar height in millimetres. */
  heightMm: number;
  moduleMm?: number;
  testId?: string;
}) {
  const moduleMm = props.moduleMm ?? 0.5;
  const { code } = props;
  return (
    <figure className="nl-barcode" data-testid={props.testId} style={{ margin: 0 }}>
      <svg
        role="img"
        aria-label={code.text}
        width={`${code.modules * moduleMm}mm`}
        height={`${props.heightMm}mm`}
        viewBox={`0 0 ${code.modules} 100`}
        preserveAspectRatio="none"
        shapeRendering="crispEdges"
        style={{ display: 'block', background: '#fff' }}
      >
        {code.bars.map((bar) => (
          <rect key={bar.x} x={bar.x} y={0} width={bar.width} height={100} fill="#000" />
        ))}
      </svg>
      <figcaption
        className="nl-barcode-text"
        style={{ fontFamily: 'monospace', fontSize: '3.2mm', textAlign: 'center' }}
      >
        {code.text}
      </figcaption>
    </figure>
  );
}
