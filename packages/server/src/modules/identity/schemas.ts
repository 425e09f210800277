import { Type, type Static } from '@sinclair/typebox';
import { IsoDate } from '../../platform/schemas';

/** A user as answered to clients (DOMAIN §2.1); passwordHash never leaves the server. */
export const UserWire = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  mobile: Type.String(),
  userType: Type.Integer({ description: '0 normal, 1 beta-qualified' }),
  userRole: Type.Integer({ description: 'bit flags: 1 consumer, 2 node operator, 4 resource provider' }),
  status: Type.Integer({ description: '0 normal, 1 frozen' }),
  headImage: Type.String(),
  createDate: IsoDate,
  updateDate: IsoDate,
});
export type UserWire = Static<typeof UserWire>;
