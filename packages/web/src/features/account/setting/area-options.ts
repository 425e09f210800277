import type { AreaWire } from '@tessera/contract/identity';

export interface AreaOption {
  value: string;
  label: string;
  children?: AreaOption[];
}

export function areaOptions(provinces: AreaWire[]): AreaOption[] {
  return provinces.map(({ code, name, children }) => ({
    value: code,
    label: name,
    children: children.length > 0 ? children.map((city) => ({ value: city.code, label: city.name })) : undefined,
  }));
}

/** The cascader path of a stored code: [province, city], [province], or [] when unknown. */
export function areaPath(provinces: AreaWire[], areaCode: string): string[] {
  if (!areaCode) return [];
  for (const province of provinces) {
    if (province.code === areaCode) return [province.code];
    if (province.children.some((city) => city.code === areaCode)) return [province.code, areaCode];
  }
  return [];
}
