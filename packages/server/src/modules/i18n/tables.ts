// The i18n tables (i18n_texts): row types, merged into Database.

export type I18nTextsTable = {
  key: string;
  zh_CN: string;
  en_US: string;
  /** The shipped texts this row was made from: a row whose texts still equal them is nobody's edit. */
  seedZh: string;
  seedEn: string;
  /** 1 to translate, 2 to publish, 3 published. */
  status: number;
  createDate: string;
  updateDate: string;
};

declare module '../../platform/db/schema' {
  interface Database {
    i18n_texts: I18nTextsTable;
  }
}
