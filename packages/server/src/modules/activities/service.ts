// Activities (DOMAIN §2.28, §3.12): what clients may see, and what operators change.
import {
  ActivityPublishState,
  activityWireStatus,
  ErrCode,
  type ActivityWire,
  type Language,
  type Page,
} from '@tessera/domain';
import type { Clock } from '../../platform/clock';
import { AppError, BadParamsError } from '../../platform/errors';
import { newHex24 } from '../../platform/ids';
import { ClientViews, type ClientView } from './client-views';
import { PublishedActivitiesCache } from './published-cache';
import type { ActivityRepo, ActivityRow } from './repo';
import { activityIssues, type ActivityFields } from './rules';

export type NewActivity = Pick<ActivityFields, 'title' | 'link' | 'startTime' | 'limitTime'> & Partial<ActivityFields>;

const NEW_ACTIVITY_DEFAULTS: Omit<ActivityFields, 'title' | 'link' | 'startTime' | 'limitTime'> = {
  titleEn: '',
  cover: '',
  redirectUrl: '',
  persist: false,
  sortNo: 0,
  publishState: ActivityPublishState.Draft,
};

/** Leaves out the fields given as undefined, so they do not overwrite defaults or stored values. */
function givenOnly<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function notFound(): AppError {
  return new AppError(ErrCode.Business, 'errors.activityNotFound');
}

function fieldsOf(row: ActivityRow): ActivityFields {
  return {
    title: row.title,
    titleEn: row.titleEn,
    cover: row.cover,
    link: row.link,
    redirectUrl: row.redirectUrl,
    startTime: new Date(row.startTime),
    limitTime: new Date(row.limitTime),
    persist: row.persist === 1,
    sortNo: row.sortNo,
    publishState: row.publishState as ActivityPublishState,
  };
}

function columnsOf(fields: ActivityFields) {
  return {
    title: fields.title.trim(),
    titleEn: fields.titleEn.trim(),
    cover: fields.cover,
    link: fields.link,
    redirectUrl: fields.redirectUrl,
    startTime: fields.startTime.toISOString(),
    limitTime: fields.limitTime.toISOString(),
    persist: fields.persist ? 1 : 0,
    sortNo: fields.sortNo,
    publishState: fields.publishState,
  };
}

function validated(fields: ActivityFields): ActivityFields {
  const issues = activityIssues(fields);
  if (issues.length > 0) throw new BadParamsError(issues);
  return fields;
}

export class ActivityService {
  readonly #repo: ActivityRepo;
  readonly #clock: Clock;
  readonly #published: PublishedActivitiesCache;
  readonly #clientViews = new ClientViews((row, language) => this.toWire(row, language));

  constructor(repo: ActivityRepo, clock: Clock) {
    this.#repo = repo;
    this.#clock = clock;
    this.#published = new PublishedActivitiesCache(() => repo.listByPublishState(ActivityPublishState.Published));
  }

  /** The wire status (1–5) now. */
  statusOf(row: ActivityRow): ActivityWire['status'] {
    const { publishState, startTime, limitTime } = row;
    return activityWireStatus(
      { publishState: publishState as ActivityPublishState, persist: row.persist === 1, startTime, limitTime },
      this.#clock.now(),
    );
  }

  toWire(row: ActivityRow, language: Language): ActivityWire {
    return {
      _id: row._id,
      title: language === 'en_US' && row.titleEn !== '' ? row.titleEn : row.title,
      cover: row.cover,
      status: this.statusOf(row),
      persist: row.persist === 1,
      link: row.link,
      redirectUrl: row.redirectUrl,
      startTime: row.startTime,
      limitTime: row.limitTime,
    };
  }

  /** Published activities (wire status 3–5), paged, in client order; the page is shared (client-views.ts). */
  async listForClient(
    { skip, limit }: { skip: number; limit: number },
    language: Language,
  ): Promise<Page<ActivityWire>> {
    return (await this.#clientView(language)).page(skip, limit);
  }

  /** A published activity; drafts and paused ones do not exist for clients (errCode 2). Shared, like a page. */
  async findForClient(id: string, language: Language): Promise<ActivityWire> {
    const wire = (await this.#clientView(language)).byId.get(id);
    if (!wire) throw notFound();
    return wire;
  }

  async #clientView(language: Language): Promise<ClientView> {
    return this.#clientViews.of(await this.#published.get(), language, this.#clock.now().getTime());
  }

  /** The clients' view as listForClient and findForClient would read it now, if it needs no loading. */
  heldClientView(language: Language): ClientView | undefined {
    const held = this.#published.peek();
    return held && this.#clientViews.of(held, language, this.#clock.now().getTime());
  }

  /** Every activity, whatever its state (operators). */
  listAll(): Promise<ActivityRow[]> {
    return this.#repo.listAll();
  }

  async get(id: string): Promise<ActivityRow> {
    const row = await this.#repo.findById(id);
    if (!row) throw notFound();
    return row;
  }

  async create(activity: NewActivity): Promise<ActivityRow> {
    const { title, link, startTime, limitTime } = activity;
    const fields = validated({ ...NEW_ACTIVITY_DEFAULTS, ...givenOnly(activity), title, link, startTime, limitTime });
    const now = this.#clock.now();
    const _id = newHex24(now);
    await this.#repo.insert({
      _id,
      ...columnsOf(fields),
      createDate: now.toISOString(),
      updateDate: now.toISOString(),
    });
    this.#published.invalidate();
    return this.get(_id);
  }

  async update(id: string, changes: Partial<ActivityFields>): Promise<ActivityRow> {
    const current = await this.get(id);
    const fields = validated({ ...fieldsOf(current), ...givenOnly(changes) });
    await this.#repo.update(id, { ...columnsOf(fields), updateDate: this.#clock.now().toISOString() });
    this.#published.invalidate();
    return this.get(id);
  }

  /** Takes an activity away from clients without deleting it (paused). */
  hide(id: string): Promise<ActivityRow> {
    return this.update(id, { publishState: ActivityPublishState.Paused });
  }
}
