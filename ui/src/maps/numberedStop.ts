import L from './leaflet';

/** How a numbered stop looks: Leaflet's circle options, and the number written in it. */
export interface NumberedStopStyle extends L.CircleMarkerOptions {
  /** The text in the circle (the stop's number in its route). */
  label: string;
  /** The colour of that text. */
  labelColour: string;
}

/** What of Leaflet's canvas renderer and circle marker the drawing below reaches (undeclared). */
interface CanvasInternals {
  _drawing: boolean;
  _ctx: CanvasRenderingContext2D;
  _updateCircle(layer: unknown): void;
}
interface CircleInternals {
  options: NumberedStopStyle;
  _renderer: CanvasInternals | undefined;
  _point: L.Point;
  _empty(): boolean;
}

/**
 * A circle marker with a number in it, drawn by a canvas renderer: Leaflet draws the circle, and
 * the number is written over it in the same pass, so a redraw of the canvas (a region of it, when
 * one stop changed) draws both. A thousand stops are one element on the page instead of a
 * thousand positioned elements, each of which Chromium paints and assigns to layers on its own.
 */
const NumberedCircle = L.CircleMarker.extend({
  _updatePath(this: CircleInternals) {
    const renderer = this._renderer;
    if (!renderer) return;
    renderer._updateCircle(this);
    if (!renderer._drawing || this._empty() || !renderer._ctx) return;
    const ctx = renderer._ctx;
    const { x, y } = this._point;
    ctx.save();
    ctx.fillStyle = this.options.labelColour;
    ctx.font = '700 12px sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(this.options.label, x, y + 0.5);
    ctx.restore();
  },
}) as unknown as new (centre: L.LatLngExpression, style: NumberedStopStyle) => L.CircleMarker;

/** A numbered circle at `centre`, drawn by the canvas renderer named in `style.renderer`. */
export const numberedStop = (
  centre: L.LatLngExpression,
  style: NumberedStopStyle,
): L.CircleMarker => new NumberedCircle(centre, style);
