import { describe, expect, it } from 'vitest';
import { fitZoom, layoutMap, worldPixel } from './map-projection';

describe('store map projection', () => {
  it('puts 0,0 in the middle of the world', () => {
    expect(worldPixel({ latitude: 0, longitude: 0 }, 0)).toEqual({ x: 128, y: 128 });
  });

  it('zooms in for a neighbourhood and out for a country', () => {
    const city = [
      { latitude: 12.9716, longitude: 77.5946 },
      { latitude: 12.9352, longitude: 77.6245 },
    ];
    const country = [
      { latitude: 28.6139, longitude: 77.209 },
      { latitude: 8.5241, longitude: 76.9366 },
    ];
    expect(fitZoom(city, 640, 360)).toBeGreaterThan(fitZoom(country, 640, 360));
  });

  it('keeps every point inside the viewport and covers it with tiles', () => {
    const points = [
      { latitude: 13.0031, longitude: 77.5643 },
      { latitude: 12.9719, longitude: 77.6412 },
      { latitude: 12.99, longitude: 77.6 },
    ];
    const map = layoutMap(points, 640, 360);
    for (const p of points) {
      const { left, top } = map.place(p);
      expect(left).toBeGreaterThanOrEqual(0);
      expect(left).toBeLessThanOrEqual(640);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThanOrEqual(360);
    }
    expect(map.tiles.length).toBeGreaterThanOrEqual(6);
    expect(map.tiles[0]!.url).toMatch(/^https:\/\/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/);
  });
});
