// Positions as earthdistance's ll_to_earth() places them: points in metres on a sphere of radius
// earth(). The nearby query receives its centre and bounding box ready-made, because planning
// earth_box() and earth_distance() (SQL functions PostgreSQL inlines on every query) cost more
// than running the whole index scan.

/** earthdistance's earth(): the sphere's radius in metres. */
export const EARTH_RADIUS_M = 6378168;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** ll_to_earth(lat, lng) as a cube literal. */
export function earthPoint(latitude: number, longitude: number): [number, number, number] {
  const r = EARTH_RADIUS_M;
  return [
    r * Math.cos(rad(latitude)) * Math.cos(rad(longitude)),
    r * Math.cos(rad(latitude)) * Math.sin(rad(longitude)),
    r * Math.sin(rad(latitude)),
  ];
}

/** Straight-line (chord) distance of a great-circle distance; the cube `<->` operator measures chords. */
export function chordOfArc(metres: number): number {
  return 2 * EARTH_RADIUS_M * Math.sin(Math.min(metres / (2 * EARTH_RADIUS_M), Math.PI / 2));
}

/** Great-circle distance of a chord: what earth_distance() would return. */
export function arcOfChord(metres: number): number {
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, metres / (2 * EARTH_RADIUS_M)));
}

const cubeText = (corner: number[]) => `(${corner.join(', ')})`;

/** The cube literals of a search: its centre, and the box around it that earth_box() would give. */
export function searchArea(latitude: number, longitude: number, radiusMetres: number) {
  const centre = earthPoint(latitude, longitude);
  const chord = chordOfArc(radiusMetres);
  return {
    centre: cubeText(centre),
    box: `${cubeText(centre.map((c) => c - chord))},${cubeText(centre.map((c) => c + chord))}`,
    chord,
  };
}
