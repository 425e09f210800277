// `tessera admin activity list|create|update|hide`: operators manage activities (the spec has no
// admin screens). Every change goes through ActivityService, so the CLI obeys the same rules as
// any other writer.
import { ActivityPublishState } from '@tessera/domain';
import type { OptionKinds } from '../../cli/args';
import { describeFieldIssues, runCommandFamily, type CommandFamily } from '../../cli/command';
import { UsageError } from '../../cli/errors';
import { formatTable } from '../../cli/table';
import { durationMs } from '../../platform/clock';
import { AppError, BadParamsError, type FieldIssue } from '../../platform/errors';
import { formatPlatformDateTime, parsePlatformDateTime } from '../../platform/time';
import type { ActivityRow } from './repo';
import type { ActivityFields } from './rules';
import type { ActivityService } from './service';

export const ACTIVITY_USAGE = `Usage: tessera admin activity <command> [options]

Commands:
  list                      every activity, whatever its state
  create [options]          add an activity (a draft unless --state says otherwise)
  update <id> [options]     change the given fields of an activity
  hide <id>                 pause an activity: clients no longer see it

Options of create and update:
  --title <text>            Chinese title (required by create; at most 100 characters)
  --title-en <text>         English title
  --cover <address>         cover image: a path on this site (/static/…) or an http(s) address
  --link <key>              campaign key (required by create), e.g. creator-incentive or play-newer
  --redirect-url <address>  where a redirecting key (play-newer, invite-friend, Widget, …) sends the browser
  --start <time>            'YYYY-MM-DD HH:mm' in the platform time zone, or an ISO time with a zone
  --end <time>              same forms; must be after --start
  --persist, --no-persist   always on: ongoing whatever the time window
  --sort <n>                display order, smallest first (default 0)
  --state <state>           draft | paused | published

create needs --start and --end, except with --persist (then now and one year later).

Example:
  tessera admin activity create --title 创作者激励计划 --title-en "Creator Incentive" \\
    --link creator-incentive --start "2025-03-01 00:00" --end "2025-04-01 00:00" --state published`;

const OPTIONS = {
  title: 'string',
  'title-en': 'string',
  cover: 'string',
  link: 'string',
  'redirect-url': 'string',
  start: 'string',
  end: 'string',
  persist: 'boolean',
  sort: 'string',
  state: 'string',
  help: 'boolean',
} as const satisfies OptionKinds;

type Option = Exclude<keyof typeof OPTIONS, 'help'>;

const FIELD_OF_OPTION: Record<Option, keyof ActivityFields> = {
  title: 'title',
  'title-en': 'titleEn',
  cover: 'cover',
  link: 'link',
  'redirect-url': 'redirectUrl',
  start: 'startTime',
  end: 'limitTime',
  persist: 'persist',
  sort: 'sortNo',
  state: 'publishState',
};

const STATE_NAMES: Record<string, ActivityPublishState> = {
  draft: ActivityPublishState.Draft,
  paused: ActivityPublishState.Paused,
  published: ActivityPublishState.Published,
};
const STATE_OF_VALUE = Object.fromEntries(Object.entries(STATE_NAMES).map(([name, value]) => [value, name]));
const STATUS_TEXT: Record<number, string> = { 1: 'draft', 2: 'paused', 3: 'not started', 4: 'ongoing', 5: 'ended' };
const PERSIST_DEFAULT_DAYS = 365;

export type ActivityCliContext = {
  activities: ActivityService;
  utcOffsetMinutes: number;
  now: () => Date;
  print: (text: string) => void;
};

function optionOfField(field: string): string {
  const option = Object.entries(FIELD_OF_OPTION).find(([, name]) => name === field)?.[0];
  return option ? `--${option}` : field;
}

/** The service's field issues, in the words of the command line. */
function describeIssues(issues: readonly FieldIssue[]): string {
  const lines = describeFieldIssues(issues, (field) => `  ${optionOfField(field)}`);
  return `invalid activity:\n${lines}`;
}

/** The fields given on the command line; unreadable values become issues. */
function fieldsFromOptions(
  options: Record<string, string | boolean>,
  utcOffsetMinutes: number,
): Partial<ActivityFields> {
  const fields: Partial<ActivityFields> = {};
  const issues: FieldIssue[] = [];
  const text = (option: Option) => (typeof options[option] === 'string' ? (options[option] as string) : undefined);

  fields.title = text('title');
  fields.titleEn = text('title-en');
  fields.cover = text('cover');
  fields.link = text('link');
  fields.redirectUrl = text('redirect-url');
  if (typeof options.persist === 'boolean') fields.persist = options.persist;
  for (const option of ['start', 'end'] as const) {
    const value = text(option);
    if (value === undefined) continue;
    const time = parsePlatformDateTime(value, utcOffsetMinutes);
    if (time) fields[FIELD_OF_OPTION[option] as 'startTime' | 'limitTime'] = time;
    else issues.push({ field: FIELD_OF_OPTION[option], code: 'format', messageKey: 'errors.param.dateTime' });
  }
  const sort = text('sort');
  if (sort !== undefined) {
    if (/^-?\d+$/.test(sort)) fields.sortNo = Number(sort);
    else issues.push({ field: 'sortNo', code: 'type', messageKey: 'errors.param.type', params: { type: 'integer' } });
  }
  const state = text('state');
  if (state !== undefined) {
    const value = STATE_NAMES[state.toLowerCase()];
    if (value) fields.publishState = value;
    else
      issues.push({
        field: 'publishState',
        code: 'enum',
        messageKey: 'errors.param.enum',
        params: { allowedValues: Object.keys(STATE_NAMES).join(', ') },
      });
  }
  if (issues.length > 0) throw new BadParamsError(issues);
  return fields;
}

function tableOf(
  rows: readonly ActivityRow[],
  statusOf: (row: ActivityRow) => number,
  utcOffsetMinutes: number,
): string {
  const time = (iso: string) => formatPlatformDateTime(new Date(iso), utcOffsetMinutes);
  return formatTable(
    ['ID', 'STATE', 'STATUS', 'SORT', 'LINK', 'START', 'END', 'TITLE'],
    rows.map((row) => [
      row._id,
      STATE_OF_VALUE[row.publishState] ?? String(row.publishState),
      (row.persist ? 'always on' : STATUS_TEXT[statusOf(row)]) ?? '',
      String(row.sortNo),
      row.redirectUrl ? `${row.link} → ${row.redirectUrl}` : row.link,
      time(row.startTime),
      time(row.limitTime),
      row.titleEn ? `${row.title} / ${row.titleEn}` : row.title,
    ]),
  );
}

function requireId(positionals: string[], command: string): string {
  const id = positionals[1];
  if (!id) throw new UsageError(`${command} needs the id of an activity: tessera admin activity ${command} <id>`);
  if (positionals.length > 2) throw new UsageError(`unexpected arguments: ${positionals.slice(2).join(' ')}`);
  return id;
}

async function create(options: Record<string, string | boolean>, context: ActivityCliContext): Promise<ActivityRow> {
  const fields = fieldsFromOptions(options, context.utcOffsetMinutes);
  const missing: FieldIssue[] = [];
  for (const field of ['title', 'link'] as const) {
    if (fields[field] === undefined) missing.push({ field, code: 'required', messageKey: 'errors.param.required' });
  }
  let { startTime, limitTime } = fields;
  if (fields.persist) {
    startTime ??= context.now();
    limitTime ??= new Date(startTime.getTime() + durationMs({ days: PERSIST_DEFAULT_DAYS }));
  }
  if (!startTime) missing.push({ field: 'startTime', code: 'required', messageKey: 'errors.param.required' });
  if (!limitTime) missing.push({ field: 'limitTime', code: 'required', messageKey: 'errors.param.required' });
  if (missing.length > 0 || fields.title === undefined || fields.link === undefined || !startTime || !limitTime)
    throw new BadParamsError(missing);
  return context.activities.create({ ...fields, title: fields.title, link: fields.link, startTime, limitTime });
}

async function runCommand(
  positionals: string[],
  options: Record<string, string | boolean>,
  context: ActivityCliContext,
): Promise<void> {
  const [command] = positionals;
  const table = (rows: ActivityRow[]) =>
    tableOf(rows, (row) => context.activities.statusOf(row), context.utcOffsetMinutes);
  switch (command) {
    case 'list': {
      const rows = await context.activities.listAll();
      context.print(rows.length === 0 ? 'No activities yet.' : table(rows));
      return;
    }
    case 'create': {
      const row = await create(options, context);
      context.print(`Created activity ${row._id} (${STATE_OF_VALUE[row.publishState]}).\n${table([row])}`);
      return;
    }
    case 'update': {
      const id = requireId(positionals, 'update');
      const changes = fieldsFromOptions(options, context.utcOffsetMinutes);
      if (Object.values(changes).every((value) => value === undefined))
        throw new UsageError('update needs at least one option to change');
      const row = await context.activities.update(id, changes);
      context.print(`Updated activity ${row._id}.\n${table([row])}`);
      return;
    }
    case 'hide': {
      const id = requireId(positionals, 'hide');
      const row = await context.activities.hide(id);
      context.print(`Paused activity ${row._id}: clients no longer see it.`);
      return;
    }
    default:
      throw new UsageError(command ? `unknown activity command '${command}'\n\n${ACTIVITY_USAGE}` : ACTIVITY_USAGE);
  }
}

const COMMANDS: CommandFamily<ActivityCliContext> = {
  usage: ACTIVITY_USAGE,
  options: OPTIONS,
  checkLine: (positionals, options) => {
    if (positionals[0] === 'list' && (positionals.length > 1 || Object.keys(options).length > 0))
      throw new UsageError('list takes no arguments');
  },
  run: runCommand,
  explain: (error, positionals) => {
    if (error instanceof BadParamsError) return describeIssues(error.issues);
    if (error instanceof AppError && error.messageKey === 'errors.activityNotFound')
      return `no activity with id '${positionals[1] ?? ''}'`;
    return undefined;
  },
};

/** Runs one activity command; bad input ends in a CliError with a readable message. */
export const runActivityCommand = (argv: readonly string[], context: ActivityCliContext): Promise<void> =>
  runCommandFamily(COMMANDS, argv, context);
