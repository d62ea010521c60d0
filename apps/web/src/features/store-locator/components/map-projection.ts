// Web Mercator maths for the store map: the same tile grid OpenStreetMap serves.

export const TILE_SIZE = 256;

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** World pixel position of a point at a zoom level. */
export function worldPixel({ latitude, longitude }: LatLng, zoom: number): { x: number; y: number } {
  const scale = TILE_SIZE * 2 ** zoom;
  const lat = Math.max(-85.05112878, Math.min(85.05112878, latitude));
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((longitude + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

/** The closest zoom (up to 16) at which every point fits the viewport with a margin. */
export function fitZoom(points: LatLng[], width: number, height: number, margin = 40): number {
  for (let zoom = 16; zoom > 2; zoom -= 1) {
    const px = points.map((p) => worldPixel(p, zoom));
    const spanX = Math.max(...px.map((p) => p.x)) - Math.min(...px.map((p) => p.x));
    const spanY = Math.max(...px.map((p) => p.y)) - Math.min(...px.map((p) => p.y));
    if (spanX <= width - 2 * margin && spanY <= height - 2 * margin) return zoom;
  }
  return 2;
}

export interface MapLayout {
  zoom: number;
  tiles: Array<{ key: string; url: string; left: number; top: number }>;
  place(point: LatLng): { left: number; top: number };
}

/** Tiles covering a width x height viewport centred on the points, and where each point lands. */
export function layoutMap(points: LatLng[], width: number, height: number): MapLayout {
  const zoom = fitZoom(points, width, height);
  const px = points.map((p) => worldPixel(p, zoom));
  const centreX = (Math.max(...px.map((p) => p.x)) + Math.min(...px.map((p) => p.x))) / 2;
  const centreY = (Math.max(...px.map((p) => p.y)) + Math.min(...px.map((p) => p.y))) / 2;
  const originX = centreX - width / 2;
  const originY = centreY - height / 2;
  const count = 2 ** zoom;
  const tiles: MapLayout['tiles'] = [];
  for (let ty = Math.floor(originY / TILE_SIZE); ty * TILE_SIZE < originY + height; ty += 1) {
    if (ty < 0 || ty >= count) continue;
    for (let tx = Math.floor(originX / TILE_SIZE); tx * TILE_SIZE < originX + width; tx += 1) {
      const wrapped = ((tx % count) + count) % count;
      tiles.push({
        key: `${zoom}/${tx}/${ty}`,
        url: `https://tile.openstreetmap.org/${zoom}/${wrapped}/${ty}.png`,
        left: tx * TILE_SIZE - originX,
        top: ty * TILE_SIZE - originY,
      });
    }
  }
  return {
    zoom,
    tiles,
    place(point) {
      const p = worldPixel(point, zoom);
      return { left: p.x - originX, top: p.y - originY };
    },
  };
}
