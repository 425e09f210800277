// The activities tables (activities): row types, merged into Database.

export type ActivitiesTable = {
  _id: string;
  title: string;
  titleEn: string;
  cover: string;
  /** 1 draft, 2 paused, 3 published (ActivityPublishState). */
  publishState: number;
  persist: number;
  link: string;
  redirectUrl: string;
  startTime: string;
  limitTime: string;
  sortNo: number;
  createDate: string;
  updateDate: string;
};

declare module '../../platform/db/schema' {
  interface Database {
    activities: ActivitiesTable;
  }
}
