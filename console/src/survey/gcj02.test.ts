import { describe, expect, it } from 'vitest';
import { wgs84ToGcj02 } from './gcj02';

describe('wgs84ToGcj02', () => {
  // reference values of the widely used eviltransform implementation (Beijing, Shanghai, Shenzhen)
  it.each([
    [116.377817, 39.911954, 116.38404722455657, 39.91334545536069],
    [121.5272106, 31.1774276, 121.531541859236, 31.17530398364597],
    [113.912316, 22.543847, 113.9171764808363, 22.540796131694766],
  ])('(%f, %f) moves to the GCJ-02 point', (lng, lat, gLng, gLat) => {
    const g = wgs84ToGcj02(lng, lat);
    expect(g.lng).toBeCloseTo(gLng, 9);
    expect(g.lat).toBeCloseTo(gLat, 9);
  });

  it('leaves points outside mainland China unchanged', () => {
    expect(wgs84ToGcj02(-0.1276, 51.5072)).toEqual({ lng: -0.1276, lat: 51.5072 });
    expect(wgs84ToGcj02(139.6917, 35.6895).lng).toBe(139.6917);
  });
});
