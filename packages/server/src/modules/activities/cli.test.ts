import { ErrCode, type ActivityWire, type Page } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliError, UsageError } from '../../cli/errors';
import { createTestApp, dataOf, type TestApp } from '../../testing';
import { runActivityCommand } from './cli';

describe('tessera admin activity', () => {
  let t: TestApp;
  let output: string[];

  beforeAll(async () => {
    t = await createTestApp({ now: '2025-03-05T00:00:00.000Z' });
  });
  afterAll(() => t.close());

  const run = async (...argv: string[]): Promise<string> => {
    output = [];
    await runActivityCommand(argv, {
      activities: t.services.activities,
      utcOffsetMinutes: 480,
      now: () => t.clock.now(),
      print: (text) => void output.push(text),
    });
    return output.join('\n');
  };
  const failure = async (...argv: string[]): Promise<CliError> => {
    const error = await run(...argv).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    if (!(error instanceof CliError))
      throw new Error(`expected a CliError from ${argv.join(' ')}, got ${String(error)}`);
    return error;
  };
  const idIn = (text: string): string => /Created activity ([0-9a-f]{24})/.exec(text)?.[1] ?? '';

  it('creates a draft, reading times as wall clock in the platform time zone', async () => {
    const text = await run(
      'create',
      '--title',
      '春季活动',
      '--link',
      'theme-contest',
      '--start',
      '2025-03-01 08:00',
      '--end',
      '2025-04-01T00:00:00Z',
    );
    expect(text).toMatch(/Created activity [0-9a-f]{24} \(draft\)/);
    const row = await t.services.activities.get(idIn(text));
    expect(row).toMatchObject({
      title: '春季活动',
      link: 'theme-contest',
      publishState: 1,
      startTime: '2025-03-01T00:00:00.000Z',
      limitTime: '2025-04-01T00:00:00.000Z',
    });
  });

  it('creates a published activity that clients then see', async () => {
    const text = await run(
      ...[
        'create',
        '--title',
        '邀请好友',
        '--title-en',
        'Invite friends',
        '--link',
        'invite-friend',
        '--redirect-url',
        '/home?campaign=invite-friend',
      ],
      ...[
        '--start',
        '2025-03-01',
        '--end',
        '2025-03-31 23:59',
        '--sort',
        '-5',
        '--state',
        'published',
        '--cover',
        '/static/demo/covers/orbit.svg',
      ],
    );
    const id = idIn(text);
    const page = dataOf(await t.client({ locale: 'en_US' }).get<Page<ActivityWire>>('/v2/activities/list4Client'));
    expect(page.dataList.find((activity) => activity._id === id)).toMatchObject({
      title: 'Invite friends',
      status: 4,
      link: 'invite-friend',
      redirectUrl: '/home?campaign=invite-friend',
      cover: '/static/demo/covers/orbit.svg',
      limitTime: '2025-03-31T15:59:00.000Z',
    });
  });

  it('gives an always-on activity a window when none is given', async () => {
    const id = idIn(await run('create', '--title', '每日签到', '--link', 'daily-sign-in', '--persist'));
    const row = await t.services.activities.get(id);
    expect(row.persist).toBe(1);
    expect(row.startTime).toBe(t.clock.now().toISOString());
    expect(Date.parse(row.limitTime)).toBeGreaterThan(Date.parse(row.startTime));
  });

  it('updates only the given fields, and hides', async () => {
    const id = idIn(
      await run(
        'create',
        '--title',
        '待更新',
        '--link',
        'node-showcase',
        '--start',
        '2025-03-01',
        '--end',
        '2025-03-20',
        '--persist',
      ),
    );
    expect(
      await run('update', id, '--title-en', 'Updated', '--no-persist', '--state', 'published', '--sort', '3'),
    ).toContain(`Updated activity ${id}`);
    expect(await t.services.activities.get(id)).toMatchObject({
      title: '待更新',
      titleEn: 'Updated',
      persist: 0,
      publishState: 3,
      sortNo: 3,
      link: 'node-showcase',
    });
    expect((await t.client().get(`/v2/activities/find4Client?_id=${id}`)).body.errCode).toBe(0);

    expect(await run('hide', id)).toContain(`Paused activity ${id}`);
    expect((await t.services.activities.get(id)).publishState).toBe(2);
    expect((await t.client().get(`/v2/activities/find4Client?_id=${id}`)).body.errCode).toBe(ErrCode.Business);
  });

  it('lists every activity as an aligned table', async () => {
    const lines = (await run('list')).split('\n');
    expect(lines[0]).toMatch(/^ID\s+STATE\s+STATUS\s+SORT\s+LINK\s+START\s+END\s+TITLE$/);
    const invite = lines.find((line) => line.includes('invite-friend'));
    expect(invite).toContain('published');
    expect(invite).toContain('ongoing');
    expect(invite).toContain('invite-friend → /home?campaign=invite-friend');
    expect(invite).toContain('2025-03-01 00:00');
    expect(invite).toContain('邀请好友 / Invite friends');
    expect(lines.find((line) => line.includes('春季活动'))).toContain('draft');
    const titleColumn = lines[0]?.indexOf('TITLE');
    const startColumn = (line: string) => line.indexOf('2025-');
    expect(new Set(lines.slice(2).map(startColumn)).size).toBe(1);
    expect(titleColumn).toBeGreaterThan(0);
  });

  it('reports every bad field by its option name', async () => {
    const missing = await failure('create', '--title-en', 'Nothing else');
    expect(missing.exitCode).toBe(1);
    expect(missing.message).toContain('--title: Is required');
    expect(missing.message).toContain('--link: Is required');
    expect(missing.message).toContain('--start: Is required');
    expect(missing.message).toContain('--end: Is required');

    const wrong = await failure(
      'create',
      '--title',
      'x'.repeat(101),
      '--link',
      'play-newer',
      '--start',
      '2025-02-30 10:00',
      '--end',
      '2025-03-01',
      '--sort',
      'first',
      '--state',
      'live',
    );
    expect(wrong.message).toContain('--start: Must be a date and time such as 2025-03-01 08:30');
    expect(wrong.message).toContain('--sort: Must be of type integer');
    expect(wrong.message).toContain('--state: Must be one of: draft, paused, published');

    const rules = await failure(
      'create',
      '--title',
      'x'.repeat(101),
      '--link',
      'play-newer',
      '--start',
      '2025-03-10',
      '--end',
      '2025-03-01',
    );
    expect(rules.message).toContain('--title: Must have at most 100 characters');
    expect(rules.message).toContain('--redirect-url: This campaign key redirects');
    expect(rules.message).toContain('--end: Must be after the start time');

    const notRedirect = await failure(
      'create',
      '--title',
      't',
      '--link',
      'theme-contest',
      '--redirect-url',
      '/x',
      '--start',
      '2025-03-01',
      '--end',
      '2025-03-02',
    );
    expect(notRedirect.message).toContain('--redirect-url: Only redirecting campaign keys take an address');
    const badLink = await failure(
      'create',
      '--title',
      't',
      '--link',
      '9 lives',
      '--cover',
      'javascript:alert(1)',
      '--start',
      '2025-03-01',
      '--end',
      '2025-03-02',
    );
    expect(badLink.message).toContain('--link: Must start with a letter');
    expect(badLink.message).toContain('--cover: Must be a path on this site');
  });

  it('refuses unknown ids, options and commands', async () => {
    expect((await failure('hide', '0123456789abcdef01234567')).message).toBe(
      "no activity with id '0123456789abcdef01234567'",
    );
    const unknownOption = await failure('create', '--titel', 'x');
    expect(unknownOption).toBeInstanceOf(UsageError);
    expect(unknownOption.exitCode).toBe(2);
    expect(unknownOption.message).toBe('unknown option --titel');
    expect((await failure('update', '0123456789abcdef01234567')).message).toBe(
      'update needs at least one option to change',
    );
    expect((await failure('hide')).message).toContain('hide needs the id');
    expect((await failure('launch')).message).toContain("unknown activity command 'launch'");
  });
});
