import { describe, expect, it } from 'vitest';
import { arcOfChord, chordOfArc, earthPoint, EARTH_RADIUS_M } from './earth.js';

describe('earth positions', () => {
  it('puts points on the sphere of earthdistance', () => {
    const [x, y, z] = earthPoint(12.9716, 77.5946);
    expect(Math.hypot(x, y, z)).toBeCloseTo(EARTH_RADIUS_M, 3);
    expect(earthPoint(90, 0)[2]).toBeCloseTo(EARTH_RADIUS_M, 3);
  });

  it('turns great-circle distances into chords and back', () => {
    for (const metres of [1, 950, 50_000, 500_000]) {
      expect(arcOfChord(chordOfArc(metres))).toBeCloseTo(metres, 6);
      expect(chordOfArc(metres)).toBeLessThanOrEqual(metres);
    }
  });

  it('measures Bengaluru to Mysuru at about 128 km as the crow flies', () => {
    const [a, b] = [earthPoint(12.9716, 77.5946), earthPoint(12.2958, 76.6394)];
    const chord = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    expect(arcOfChord(chord) / 1000).toBeGreaterThan(125);
    expect(arcOfChord(chord) / 1000).toBeLessThan(131);
  });
});
