import L from './leaflet';

/** One icon of an {@link IconLayer}: an element placed with its anchor at a point, and pressed. */
export interface LayerIcon {
  lat: number;
  lng: number;
  /** The point of the element's box that stands on the icon's place (px from its top left). */
  anchor: readonly [number, number];
  /** The icon: made by its owner, placed (`left`, `top`) and listened to by the layer. */
  element: HTMLElement;
  /** A click (not the end of a drag), Enter or Space on the icon. */
  press: () => void;
}

/** The pane of the icons: above Leaflet's markers (600, the departments), below tooltips (650). */
const PANE = 'nordlogIcons';
const PANE_Z_INDEX = '610';

/**
 * Many icons on a map as plain positioned elements in one container, without a Leaflet marker
 * each: Leaflet gives every marker its own DOM listeners (about ten), its own handlers of the
 * map's zoom and view events, and a `translate3d` of its own. With hundreds of markers replaced at
 * each zoom, that was most of a zoom's work on the main thread (issue 17 §5). Here:
 * - the icons are elements the caller makes, placed by `left` and `top` in layer pixels;
 * - one click and one keydown listener on the container serve them all (a click that ends a drag
 *   of the map is not a press, as with Leaflet's markers);
 * - during a zoom animation the container is scaled as Leaflet's own renderers are, and when the
 *   zoom or the view resets every icon is placed again.
 */
export class IconLayer extends L.Layer {
  private map: L.Map | null = null;
  private container: HTMLElement | null = null;
  private readonly icons = new Map<Element, LayerIcon>();

  override onAdd(map: L.Map): this {
    this.map = map;
    const pane = map.getPane(PANE) ?? map.createPane(PANE);
    pane.style.zIndex = PANE_Z_INDEX;
    const container = L.DomUtil.create('div', 'leaflet-layer leaflet-zoom-animated', pane);
    container.addEventListener('click', this.onClick);
    container.addEventListener('keydown', this.onKeyDown);
    this.container = container;
    for (const icon of this.icons.values()) this.attach(icon);
    map.on('zoomanim', this.onZoomAnim);
    map.on('zoom viewreset', this.placeAll);
    return this;
  }

  override onRemove(map: L.Map): this {
    map.off('zoomanim', this.onZoomAnim);
    map.off('zoom viewreset', this.placeAll);
    this.container?.remove();
    this.container = null;
    this.map = null;
    return this;
  }

  /** Shows an icon (placed at once when the layer is on a map). */
  add(icon: LayerIcon): void {
    this.icons.set(icon.element, icon);
    if (this.container) this.attach(icon);
  }

  /** Takes an icon off. */
  delete(icon: LayerIcon): void {
    this.icons.delete(icon.element);
    icon.element.remove();
  }

  private attach(icon: LayerIcon): void {
    this.place(icon);
    this.container!.append(icon.element);
  }

  private place({ lat, lng, anchor, element }: LayerIcon): void {
    const p = this.map!.latLngToLayerPoint([lat, lng]).round();
    element.style.left = `${p.x - anchor[0]}px`;
    element.style.top = `${p.y - anchor[1]}px`;
  }

  private readonly placeAll = (): void => {
    if (!this.container) return;
    this.container.style.transform = '';
    for (const icon of this.icons.values()) this.place(icon);
  };

  /**
   * A zoom animation: the container is scaled about the layer's origin so that each icon's point
   * lands where the new zoom puts it (Leaflet's renderers do the same), the icons growing or
   * shrinking with the tiles until the zoom ends and they are placed again.
   */
  private readonly onZoomAnim = (e: L.ZoomAnimEvent): void => {
    const map = this.map;
    if (!map || !this.container) return;
    const scale = map.getZoomScale(e.zoom);
    const panePos = L.DomUtil.getPosition(map.getPane('mapPane')!);
    const newOrigin = map
      .project(e.center, e.zoom)
      .subtract(map.getSize().divideBy(2))
      .add(panePos)
      .round();
    const offset = map.getPixelOrigin().multiplyBy(scale).subtract(newOrigin);
    L.DomUtil.setTransform(this.container, offset, scale);
  };

  private iconOf(target: EventTarget | null): LayerIcon | undefined {
    const el = target instanceof Element ? target : null;
    for (let node = el; node && node !== this.container; node = node.parentElement) {
      const icon = this.icons.get(node);
      if (icon) return icon;
    }
    return undefined;
  }

  private readonly onClick = (e: MouseEvent): void => {
    const icon = this.iconOf(e.target);
    if (!icon) return;
    // The map's own click handling (and a map click) stays out of it, as for Leaflet's markers.
    e.stopPropagation();
    const dragging = this.map?.dragging as { moved?: () => boolean } | undefined;
    if (dragging?.moved?.()) return;
    icon.press();
  };

  private readonly onKeyDown = (e: KeyboardEvent): void => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const icon = this.iconOf(e.target);
    if (!icon) return;
    e.preventDefault();
    icon.press();
  };
}
