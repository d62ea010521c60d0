import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { NearbyStore } from '@app/domain';
import type { Position } from '../api/use-current-location';

export interface LeafletMapProps {
  here: Position;
  /** "Your location", or the chosen pincode, area or city. */
  hereLabel: string;
  stores: NearbyStore[];
  selectedId: string | null;
  onSelect: (storeId: string) => void;
  /** An XYZ tile URL template (MAP_TILE_URL); '' draws the pins on a plain background. */
  tileUrl: string;
  attribution: string;
  /** The map region's name and its zoom buttons' names, in the page's language. */
  mapLabel: string;
  zoomInLabel: string;
  zoomOutLabel: string;
}

const latLngOf = (store: NearbyStore): L.LatLngTuple => [
  store.location.coordinates[1],
  store.location.coordinates[0],
];

const pinIcon = (number: number, selected: boolean) =>
  L.divIcon({
    className: selected ? 'locator-pin is-selected' : 'locator-pin',
    html: `<span>${number}</span>`,
    iconSize: selected ? [40, 40] : [32, 32],
  });

/** A pin is a button (Leaflet makes it focusable; Enter selects it) named after its store. */
function describePin(marker: L.Marker, selected: boolean) {
  // The numbered list is the accessible way to the same action (WCAG 2.5.8's equivalent control):
  // pins of stores a few metres apart overlap, so they are for pointer users only.
  const element = marker.getElement();
  element?.setAttribute('aria-hidden', 'true');
  element?.setAttribute('data-selected', String(selected));
}

/**
 * The stores and the searched point on a Leaflet map (loaded only with the locator pages). Pins are
 * numbered like the list; a pin and its list entry select each other. Tiles come only from
 * MAP_TILE_URL: without it nothing is loaded from outside and the pins stand on a plain background.
 */
export default function LeafletMap({
  here,
  hereLabel,
  stores,
  selectedId,
  onSelect,
  tileUrl,
  attribution,
  mapLabel,
  zoomInLabel,
  zoomOutLabel,
}: LeafletMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markersRef = useRef(new Map<string, { marker: L.Marker; number: number; name: string }>());
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, {
      attributionControl: Boolean(tileUrl),
      scrollWheelZoom: false,
      zoomControl: false,
    });
    L.control.zoom({ zoomInTitle: zoomInLabel, zoomOutTitle: zoomOutLabel }).addTo(map);
    if (tileUrl) {
      map.attributionControl.setPrefix(false);
      L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(map);
    }
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
    };
  }, [tileUrl, attribution, zoomInLabel, zoomOutLabel]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const markers = markersRef.current;
    const layer = L.layerGroup().addTo(map);
    L.marker([here.latitude, here.longitude], {
      icon: L.divIcon({ className: 'locator-pin locator-pin--here', iconSize: [20, 20] }),
      title: hereLabel,
      keyboard: false,
      interactive: false,
    }).addTo(layer);
    stores.forEach((store, index) => {
      const marker = L.marker(latLngOf(store), {
        icon: pinIcon(index + 1, false),
        title: `${index + 1}. ${store.name}`,
        keyboard: false,
        riseOnHover: true,
      }).addTo(layer);
      marker.on('click', () => onSelectRef.current(store._id));
      describePin(marker, false);
      markers.set(store._id, { marker, number: index + 1, name: store.name });
    });
    const bounds = L.latLngBounds([[here.latitude, here.longitude], ...stores.map(latLngOf)]);
    map.fitBounds(bounds, { padding: [56, 56], maxZoom: 15 });
    return () => {
      layer.remove();
      markers.clear();
    };
  }, [here, hereLabel, stores, tileUrl]);

  useEffect(() => {
    const map = mapRef.current;
    for (const [id, { marker, number }] of markersRef.current) {
      const selected = id === selectedId;
      marker.setIcon(pinIcon(number, selected));
      marker.setZIndexOffset(selected ? 1000 : 0);
      describePin(marker, selected);
      if (selected && map) map.panInside(marker.getLatLng(), { padding: [48, 48] });
    }
  }, [selectedId, stores, tileUrl]);

  return (
    <div
      ref={containerRef}
      className={tileUrl ? 'locator-map__canvas' : 'locator-map__canvas locator-map__canvas--plain'}
      role="region"
      aria-label={mapLabel}
      data-testid="store-map"
    />
  );
}
