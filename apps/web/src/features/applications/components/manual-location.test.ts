import { describe, expect, it } from 'vitest';
import { parseMapPosition } from './manual-location';

describe('parseMapPosition', () => {
  it('reads the two numbers a map app copies, with a comma or a space', () => {
    expect(parseMapPosition('12.93520, 77.62450')).toEqual({ latitude: 12.9352, longitude: 77.6245 });
    expect(parseMapPosition(' 12.9352 77.6245 ')).toEqual({ latitude: 12.9352, longitude: 77.6245 });
  });

  it('refuses text, one number and places off the globe', () => {
    expect(parseMapPosition('Koramangala')).toBeNull();
    expect(parseMapPosition('12.93')).toBeNull();
    expect(parseMapPosition('95, 77')).toBeNull();
    expect(parseMapPosition('12, 200')).toBeNull();
  });
});
