// Pure logic of d/district: province names from the offline IP-region lookup ("广东省",
// "广西壮族自治区", "北京市"…) matched to the map's 34 provincial divisions ("广东", "广西", "北京"),
// the map spec (G2 geoPath over /geo/china-provinces.json) and the table rows.
import type { NameCount } from '../../services/resultsData';
import { THEME_COLOR } from '../../components/results/palette';

/** Short names of the 34 provincial divisions (the map's feature names). */
export const PROVINCES = [
  '北京', '天津', '河北', '山西', '内蒙古', '辽宁', '吉林', '黑龙江', '上海', '江苏', '浙江', '安徽',
  '福建', '江西', '山东', '河南', '湖北', '湖南', '广东', '广西', '海南', '重庆', '四川', '贵州',
  '云南', '西藏', '陕西', '甘肃', '青海', '宁夏', '新疆', '台湾', '香港', '澳门',
];

const SUFFIXES = ['维吾尔自治区', '壮族自治区', '回族自治区', '特别行政区', '自治区', '省', '市'];
const EN: Record<string, string> = {
  beijing: '北京', tianjin: '天津', hebei: '河北', shanxi: '山西', 'inner mongolia': '内蒙古', neimenggu: '内蒙古', liaoning: '辽宁',
  jilin: '吉林', heilongjiang: '黑龙江', shanghai: '上海', jiangsu: '江苏', zhejiang: '浙江', anhui: '安徽', fujian: '福建',
  jiangxi: '江西', shandong: '山东', henan: '河南', hubei: '湖北', hunan: '湖南', guangdong: '广东', guangxi: '广西',
  hainan: '海南', chongqing: '重庆', sichuan: '四川', guizhou: '贵州', yunnan: '云南', tibet: '西藏', xizang: '西藏',
  shaanxi: '陕西', gansu: '甘肃', qinghai: '青海', ningxia: '宁夏', xinjiang: '新疆', taiwan: '台湾', 'hong kong': '香港',
  hongkong: '香港', macau: '澳门', macao: '澳门',
};

/** The map name of a province ("" when it is not one of the 34). */
export function normProvince(name: string | null | undefined): string {
  let s = (name ?? '').trim();
  if (!s) return '';
  if (PROVINCES.includes(s)) return s;
  for (const suf of SUFFIXES) {
    if (s.endsWith(suf) && s.length > suf.length) {
      const t = s.slice(0, -suf.length);
      if (PROVINCES.includes(t)) return t;
    }
  }
  s = s.toLowerCase().replace(/\s+(province|city|municipality|sar|autonomous region)$/, '');
  return EN[s] ?? '';
}

/** Counts by map name (several raw names may fall on one province). */
export function countsByProvince(rows: NameCount[] | null | undefined): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of rows ?? []) {
    const k = normProvince(r.name);
    if (k) m.set(k, (m.get(k) ?? 0) + r.count);
  }
  return m;
}

/** Table rows: every name the server gave, the empty one as `unknown`, most answers first. */
export function tableRows(rows: NameCount[] | null | undefined, unknown: string): (NameCount & { key: string })[] {
  return (rows ?? [])
    .map((r) => ({ ...r, key: r.name || '∅', name: r.name || unknown }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

type Feature = { type: string; properties: { name: string; [k: string]: unknown }; geometry: unknown };

/** The features with `name` and `count` at the top level (what the spec encodes). */
export function joinFeatures(features: Feature[], counts: Map<string, number>, total: number) {
  return features.map((ft) => {
    const count = counts.get(ft.properties.name) ?? 0;
    return { ...ft, name: ft.properties.name, count, percent: total > 0 ? Math.round((count / total) * 10000) / 100 : 0 };
  });
}

/** Choropleth of the provinces: light for none, the theme colour for the most. */
export function mapSpec(features: ReturnType<typeof joinFeatures>, countTitle: string) {
  const max = Math.max(1, ...features.map((f) => f.count));
  return {
    type: 'geoPath',
    data: features,
    projection: { type: 'mercator' },
    encode: { color: 'count' },
    scale: { color: { type: 'linear', domain: [0, max], range: ['#eef3fa', THEME_COLOR] } },
    style: { stroke: '#ffffff', lineWidth: 0.8 },
    legend: { color: { position: 'bottom', length: 240, title: countTitle } },
    tooltip: { title: 'name', items: [{ field: 'count', name: countTitle }, { field: 'percent', name: '%' }] },
  };
}
