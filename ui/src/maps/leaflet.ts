import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import 'leaflet/dist/leaflet.css';
import './panes.css';
import { CENTRE_MARKER } from '../planner/map/constants';

// Leaflet finds its marker images by a CSS path that Vite's bundling breaks: import them and set
// them once (NOTES.md). Leaflet's own pin is spec §9's centre marker: 26x35, anchored at 13,35.
L.Icon.Default.mergeOptions({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [...CENTRE_MARKER.iconSize],
  iconAnchor: [...CENTRE_MARKER.iconAnchor],
});

/** What of a marker the placing below reaches (Leaflet's own, undeclared in its types). */
interface MarkerInternals {
  options: L.MarkerOptions;
  _icon?: HTMLElement | null;
  _shadow?: HTMLElement | null;
  _setPos: (this: MarkerInternals, pos: L.Point) => void;
}

/** The element at its point by `left` and `top`, where Leaflet wrote a `translate3d`. */
function placeByOffset(el: HTMLElement | null | undefined, pos: L.Point): void {
  if (!el) return;
  el.style.transform = '';
  el.style.left = `${pos.x}px`;
  el.style.top = `${pos.y}px`;
}

const placeMarker = (L.Marker.prototype as unknown as MarkerInternals)._setPos;

/**
 * Markers are placed by `left` and `top` instead of Leaflet's `translate3d(x, y, 0)`, as Leaflet
 * itself does without 3D support. A transform gives each marker a paint chunk of its own, and a
 * 3D one a compositing layer of its own, in Chromium: with thousands of markers (the live view's
 * 4,000 stops) every frame in which anything on the map changed spent hundreds of milliseconds
 * assigning layers ("Layerize"; measured 4,083 layers, then ~300 "overlap" layers with a 2D
 * translate, 34 by `left` and `top`). The marker stands at the same point (Leaflet keeps it in
 * `_leaflet_pos` as before), and its zoom animation glides it there the same way (panes.css).
 */
if (L.Browser.any3d) {
  L.Marker.include({
    _setPos(this: MarkerInternals, pos: L.Point) {
      placeMarker.call(this, pos);
      if (this.options.moves) return;
      placeByOffset(this._icon, pos);
      placeByOffset(this._shadow, pos);
    },
  });
}

declare module 'leaflet' {
  interface MarkerOptions {
    /**
     * The marker moves often (a courier): it keeps Leaflet's `translate3d`, a compositing layer of
     * its own, so a move needs no layout and no paint (bench:map: Chromium still assigns the page
     * to layers again at each move, ~1 ms on the live view).
     */
    moves?: boolean;
  }
}

/** Leaflet, with its default marker set up; the app's maps import it from here. */
export default L;
