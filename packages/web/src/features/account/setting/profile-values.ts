import type { DetailInfoBody, UserDetailWire } from '@tessera/contract/identity';

/** DOMAIN §2.2; the server counts characters (code points), not UTF-16 units. */
export const OCCUPATION_MAX_LENGTH = 20;
export const INTRO_MAX_LENGTH = 200;

type Sex = NonNullable<DetailInfoBody['sex']>;

export interface ProfileValues {
  sex: Sex;
  birthday: string;
  occupation: string;
  areaCode: string;
  intro: string;
}

const SEXES: readonly Sex[] = [0, 1, 2];

export function profileValuesOf(detail: UserDetailWire): ProfileValues {
  return {
    sex: SEXES.find((sex) => sex === detail.sex) ?? 0,
    birthday: detail.birthday,
    occupation: detail.occupation,
    areaCode: detail.areaCode,
    intro: detail.intro,
  };
}

/** What the form would change: the fields that differ from the saved ones (texts trimmed). */
export function profileChanges(saved: ProfileValues, current: Partial<ProfileValues>): DetailInfoBody {
  const next: ProfileValues = {
    sex: current.sex ?? saved.sex,
    birthday: current.birthday ?? saved.birthday,
    occupation: (current.occupation ?? saved.occupation).trim(),
    areaCode: current.areaCode ?? saved.areaCode,
    intro: (current.intro ?? saved.intro).trim(),
  };
  const changes: DetailInfoBody = {};
  for (const key of Object.keys(next) as (keyof ProfileValues)[]) {
    if (next[key] !== saved[key]) Object.assign(changes, { [key]: next[key] });
  }
  return changes;
}

export function characterCount(text: string): number {
  return [...text].length;
}

/** The person's calendar day, as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
