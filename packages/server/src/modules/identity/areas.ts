// The provinces and their cities of GET /v2/areas/provinces, from the MIT package china-area-data
// (v5, GB/T 2260 codes). Its data.json maps '86' to the provinces and each province code to its
// cities. The data holds Chinese names only, so both languages get them.
import { createRequire } from 'node:module';
import type { AreaWire } from '@tessera/contract/identity';

type AreaData = Record<string, Record<string, string> | undefined>;

const COUNTRY_CODE = '86';
/**
 * The municipalities (Beijing, Tianjin, Shanghai, Chongqing) list groupings instead of cities:
 * '市辖区' (the districts) and '县' (the counties). Their members take their place.
 */
const GROUPING_NAMES = new Set(['市辖区', '县']);

const byCode = (a: { code: string }, b: { code: string }) => a.code.localeCompare(b.code);

export function buildProvinces(data: AreaData): AreaWire[] {
  const entries = (map: Record<string, string> | undefined) =>
    Object.entries(map ?? {}).map(([code, name]) => ({ code, name }));
  return entries(data[COUNTRY_CODE])
    .map((province) => {
      const children = entries(data[province.code]).flatMap((city) =>
        GROUPING_NAMES.has(city.name) && data[city.code] ? entries(data[city.code]) : [city],
      );
      return { ...province, children: children.sort(byCode) };
    })
    .sort(byCode);
}

export type AreaCatalogue = {
  provinces: AreaWire[];
  /** The name to store for a province or city code ('浙江省杭州市'), or null when the code is not listed. */
  nameOf(code: string): string | null;
};

export function areaCatalogue(provinces: AreaWire[]): AreaCatalogue {
  const names = new Map<string, string>();
  for (const province of provinces) {
    names.set(province.code, province.name);
    for (const city of province.children) names.set(city.code, `${province.name}${city.name}`);
  }
  return { provinces, nameOf: (code) => names.get(code) ?? null };
}

let loaded: AreaCatalogue | undefined;

/** Read from the package once, on first use. */
export function chinaAreas(): AreaCatalogue {
  loaded ??= areaCatalogue(buildProvinces(createRequire(import.meta.url)('china-area-data/v5/data.json') as AreaData));
  return loaded;
}
