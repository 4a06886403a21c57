// Converts the province/city/county lists of the npm package @vant/area-data (MIT licence,
// data from China's National Bureau of Statistics and Ministry of Civil Affairs division codes)
// into models/cascadedata/china-pcd.json: one [code, parentCode, name] row per node, parents
// before children, siblings in code order. Only data is vendored, no code of the package.
//
//   npm pack @vant/area-data@2.1.0 && tar xzf vant-area-data-2.1.0.tgz
//   node tools/cascadedata/convert.mjs package/dist/index.cjs > models/cascadedata/china-pcd.json
import { createRequire } from 'node:module';
import path from 'node:path';

const file = process.argv[2];
if (!file) {
  console.error('usage: node convert.mjs <path to @vant/area-data dist/index.cjs>');
  process.exit(2);
}
const { areaList } = createRequire(import.meta.url)(path.resolve(file));
const { province_list: P, city_list: C, county_list: K } = areaList;
const rows = [];
const seen = new Map(); // parent -> Set of child names (sibling names must be unique: they are the values)
const add = (code, parent, name) => {
  const names = seen.get(parent) ?? new Set();
  if (names.has(name)) throw new Error(`duplicate name ${name} under ${parent}`);
  names.add(name);
  seen.set(parent, names);
  rows.push([code, parent, name]);
};
const sorted = (o) => Object.keys(o).sort();
for (const p of sorted(P)) {
  add(p, '', P[p]);
  for (const c of sorted(C).filter((c) => c.slice(0, 2) === p.slice(0, 2))) {
    add(c, p, C[c]);
    for (const k of sorted(K).filter((k) => k.slice(0, 4) === c.slice(0, 4))) add(k, c, K[k]);
  }
}
const covered = new Set(rows.map((r) => r[0]));
for (const o of [C, K]) for (const k of Object.keys(o)) if (!covered.has(k)) throw new Error(`orphan ${k} ${o[k]}`);
process.stdout.write('[\n' + rows.map((r) => JSON.stringify(r)).join(',\n') + '\n]\n');
