import type { Province } from '../account-api';

export interface AreaOption {
  value: string;
  label: string;
  children?: AreaOption[];
}

export function areaOptions(provinces: Province[]): AreaOption[] {
  return provinces.map(({ code, name, children }) => ({
    value: code,
    label: name,
    children: children.length > 0 ? children.map((city) => ({ value: city.code, label: city.name })) : undefined,
  }));
}

/** The cascader path of a stored code: [province, city], [province], or [] when unknown. */
export function areaPath(provinces: Province[], areaCode: string): string[] {
  if (!areaCode) return [];
  for (const province of provinces) {
    if (province.code === areaCode) return [province.code];
    if (province.children.some((city) => city.code === areaCode)) return [province.code, areaCode];
  }
  return [];
}
