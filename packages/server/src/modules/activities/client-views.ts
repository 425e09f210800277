// The published activities as clients receive them, made once per language and reused until the
// published set changes or one of them reaches its start or its end (its status changes then). The
// routes serialize each of these answers once, so a visitor's find4Client or list4Client is a lookup
// (issue 15, goal 3). What is handed out is shared: nobody may change it.
import type { ActivityWire, Language, Page } from '@tessera/domain';
import type { PublishedActivities } from './published-cache';
import type { ActivityRow } from './repo';

/** Pages kept per view (the skip/limit pairs clients ask for); any others are made per request. */
const KEPT_PAGES = 16;

export type ClientView = {
  readonly byId: ReadonlyMap<string, ActivityWire>;
  page(skip: number, limit: number): Page<ActivityWire>;
};

type Made = ClientView & { source: PublishedActivities; from: number; until: number };

/** The first moment after `now` at which a status worked out from these rows may be different. */
export function nextStatusChange(rows: readonly ActivityRow[], now: number): number {
  let next = Infinity;
  for (const row of rows)
    // Not started while now < start; ended once now > limit (domain activityWireStatus).
    for (const moment of [Date.parse(row.startTime), Date.parse(row.limitTime) + 1])
      if (moment > now && moment < next) next = moment;
  return next;
}

function makeView(source: PublishedActivities, now: number, wires: readonly ActivityWire[]): Made {
  const byId = new Map(wires.map((wire) => [wire._id, wire]));
  const pages = new Map<string, Page<ActivityWire>>();
  const page = (skip: number, limit: number): Page<ActivityWire> => {
    const key = `${skip}:${limit}`;
    const kept = pages.get(key);
    if (kept) return kept;
    const made = { skip, limit, totalItem: wires.length, dataList: wires.slice(skip, skip + limit) };
    if (pages.size < KEPT_PAGES) pages.set(key, made);
    return made;
  };
  return { source, from: now, until: nextStatusChange(source.rows, now), byId, page };
}

export class ClientViews {
  readonly #views = new Map<Language, Made>();
  readonly #toWire: (row: ActivityRow, language: Language) => ActivityWire;

  constructor(toWire: (row: ActivityRow, language: Language) => ActivityWire) {
    this.#toWire = toWire;
  }

  /** The view of `source` in `language` at `now` (milliseconds of the service's clock). */
  of(source: PublishedActivities, language: Language, now: number): ClientView {
    const kept = this.#views.get(language);
    if (kept && kept.source === source && kept.from <= now && now < kept.until) return kept;
    const view = makeView(
      source,
      now,
      source.rows.map((row) => this.#toWire(row, language)),
    );
    this.#views.set(language, view);
    return view;
  }
}
