import type { APIRequestContext } from '@playwright/test';
import type { Language } from './texts';

export type Activity = {
  _id: string;
  title: string;
  cover: string;
  status: number;
  persist: boolean;
  link: string;
  redirectUrl: string;
  startTime: string;
  limitTime: string;
};

/** What the server lists for visitors, in the given language. */
export async function visibleActivities(request: APIRequestContext, language: Language): Promise<Activity[]> {
  const response = await request.get('/v2/activities/list4Client?limit=100', {
    headers: { cookie: `locale=${language}` },
  });
  const body = (await response.json()) as { errCode: number; data: { dataList: Activity[] } };
  if (body.errCode !== 0) throw new Error(`list4Client answered errCode ${body.errCode}`);
  return body.data.dataList;
}
