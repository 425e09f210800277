import { Type, type Static } from '@sinclair/typebox';
import { IsoDate } from './common';

export const ConfigsListBody = Type.Object({
  key: Type.Optional(Type.String({ maxLength: 200, description: 'part of the key, any case' })),
  content: Type.Optional(Type.String({ maxLength: 200, description: 'part of the zh_CN or en_US text, any case' })),
  tagIds: Type.Optional(
    Type.Array(Type.Union([Type.String(), Type.Integer()]), { description: 'accepted; texts have no tags yet' }),
  ),
  status: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 3, description: '0 all, 1 to translate, 2 to publish, 3 published' }),
  ),
});
export type ConfigsListBody = Static<typeof ConfigsListBody>;

export const I18nConfigEntry = Type.Object({
  key: Type.String(),
  zh_CN: Type.String(),
  en_US: Type.String(),
  status: Type.Integer(),
  createDate: IsoDate,
  updateDate: IsoDate,
});
