import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import 'leaflet/dist/leaflet.css';
import './attribution.css';
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

/** Leaflet, with its default marker set up; the app's maps import it from here. */
export default L;
