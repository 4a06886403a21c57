import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countsByProvince, joinFeatures, mapSpec, normProvince, PROVINCES, tableRows } from './DistrictLogic';

describe('province names', () => {
  it('maps the lookup names to the map names', () => {
    expect(normProvince('广东省')).toBe('广东');
    expect(normProvince('北京市')).toBe('北京');
    expect(normProvince('广西壮族自治区')).toBe('广西');
    expect(normProvince('新疆维吾尔自治区')).toBe('新疆');
    expect(normProvince('宁夏回族自治区')).toBe('宁夏');
    expect(normProvince('内蒙古自治区')).toBe('内蒙古');
    expect(normProvince('香港特别行政区')).toBe('香港');
    expect(normProvince('西藏')).toBe('西藏');
    expect(normProvince('Guangdong Province')).toBe('广东');
    expect(normProvince('Hong Kong')).toBe('香港');
    expect(normProvince('')).toBe('');
    expect(normProvince('加州')).toBe('');
    expect(normProvince('省')).toBe('');
  });
  it('adds up names that fall on one province and skips unknown ones', () => {
    const m = countsByProvince([
      { name: '广东省', count: 2, percent: 0 },
      { name: '广东', count: 1, percent: 0 },
      { name: '', count: 5, percent: 0 },
    ]);
    expect([...m]).toEqual([['广东', 3]]);
  });
  it('table rows name the empty region and sort by count', () => {
    const r = tableRows([{ name: '广东省', count: 1, percent: 25 }, { name: '', count: 3, percent: 75 }], 'Unknown');
    expect(r.map((x) => [x.name, x.key])).toEqual([
      ['Unknown', '∅'],
      ['广东省', '广东省'],
    ]);
  });
});

describe('the map file', () => {
  const geo = JSON.parse(readFileSync(resolve(__dirname, '../../../public/geo/china-provinces.json'), 'utf8'));
  it('has the 34 provincial divisions under the names the page uses', () => {
    const names = geo.features.map((f: any) => f.properties.name).sort();
    expect(names).toEqual([...PROVINCES].sort());
  });
  it('has exterior rings wound clockwise (as d3-geo wants)', () => {
    const area = (r: number[][]) => r.slice(0, -1).reduce((a, p, i) => a + p[0] * r[i + 1][1] - r[i + 1][0] * p[1], 0) / 2;
    for (const f of geo.features) {
      const polys = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
      for (const p of polys) expect(area(p[0]), f.properties.name).toBeLessThan(0);
    }
  });
  it('joins counts and builds a choropleth spec', () => {
    const j = joinFeatures(geo.features, new Map([['广东', 3]]), 4);
    const gd = j.find((f) => f.name === '广东')!;
    expect([gd.count, gd.percent]).toEqual([3, 75]);
    expect(j.find((f) => f.name === '北京')!.count).toBe(0);
    const s = mapSpec(j, 'Answers');
    expect(s.type).toBe('geoPath');
    expect(s.scale.color.domain).toEqual([0, 3]);
  });
});
