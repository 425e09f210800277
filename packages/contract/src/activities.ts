import { Type, type Static } from '@sinclair/typebox';
import type { ActivityWire as ActivityWireType } from '@tessera/domain';
import { Hex24, IsoDate, PagingQuery } from './common';

/** SPEC §3.1 plus `redirectUrl` (docs/architecture.md). */
export const ActivityWire = Type.Object({
  _id: Hex24,
  title: Type.String({ description: 'in the request language' }),
  cover: Type.String({ description: 'image address' }),
  status: Type.Integer({ minimum: 1, maximum: 5, description: '1 draft, 2 paused, 3 not started, 4 ongoing, 5 ended' }),
  persist: Type.Boolean({ description: 'always on' }),
  link: Type.String({ description: 'campaign key (SPEC §2.4)' }),
  redirectUrl: Type.String({
    description: "where a redirecting campaign key sends the browser; '' for in-page campaigns",
  }),
  startTime: IsoDate,
  limitTime: IsoDate,
});

// The schema and the domain's wire type must describe the same object.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const wireMatchesDomain: Same<Omit<Static<typeof ActivityWire>, 'status'>, Omit<ActivityWireType, 'status'>> = true;
void wireMatchesDomain;

export const ListForClientQuery = Type.Object(PagingQuery);
export type ListForClientQuery = Static<typeof ListForClientQuery>;

export const FindForClientQuery = Type.Object({ _id: Hex24 });
export type FindForClientQuery = Static<typeof FindForClientQuery>;
