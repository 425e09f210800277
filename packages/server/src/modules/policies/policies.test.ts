import { compilePolicy, ErrCode, policyIdOf } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp } from '../../testing';
import type { PolicyWire, TemplateWire } from '@tessera/contract/policies';
import {
  badFieldsOf,
  createResource,
  errCodeOf,
  FREE_POLICY,
  PAID_POLICY,
  policy,
  TRIAL_POLICY,
} from '../resources/testing';

const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

describe('policies', () => {
  let t: TestApp;
  let userId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const { client, user } = await t.login();
    userId = user.userId;
    await createResource(client, { policies: [policy('免费', FREE_POLICY)] });
    t.clock.advance({ minutes: 1 });
    await createResource(client, { policies: [policy('付费', PAID_POLICY), policy('试用', TRIAL_POLICY)] });
  });
  afterAll(() => t.close());

  it('are listed with legacy paging, newest first', async () => {
    const page = dataOf(
      await t
        .client()
        .get<{ page: number; pageSize: number; totalItem: number; dataList: PolicyWire[] }>('/v2/policies', {
          query: { page: 1, pageSize: 2 },
        }),
    );
    expect(page).toMatchObject({ page: 1, pageSize: 2, totalItem: 3 });
    expect(page.dataList).toHaveLength(2);
    const second = dataOf(
      await t
        .client()
        .get<{ dataList: PolicyWire[] }>('/v2/policies', { query: { page: 2, pageSize: 2, projection: 'policyId' } }),
    );
    expect(second.dataList).toEqual([{ policyId: policyIdOf(FREE_POLICY, 1) }]);
    expect(
      dataOf(await t.client().get<{ totalItem: number }>('/v2/policies', { query: { subjectType: 2 } })).totalItem,
    ).toBe(0);
    expect(badFieldsOf(await t.client().get('/v2/policies', { query: { pageSize: 101 } }))).toEqual(['pageSize']);
    expect(badFieldsOf(await t.client().get('/v2/policies', { query: { subjectType: 3 } }))).toEqual(['subjectType']);
  });

  it('are read by id with their compiled form, and translated on request', async () => {
    const paidId = policyIdOf(PAID_POLICY, 1);
    const compiled = compilePolicy(PAID_POLICY);
    const listed = dataOf(
      await t.client().get<PolicyWire[]>('/v2/policies/list', {
        query: { policyIds: `${paidId},${'f'.repeat(32)},${policyIdOf(FREE_POLICY, 1)}` },
      }),
    );
    expect(listed.map((item) => item.policyId)).toEqual([paidId, policyIdOf(FREE_POLICY, 1)]);
    expect(listed[0]).toEqual({
      policyId: paidId,
      policyText: PAID_POLICY,
      subjectType: 1,
      fsmDeclarationInfo: compiled.policy?.fsmDeclarationInfo,
      fsmDescriptionInfo: compiled.policy?.fsmDescriptionInfo,
      isFree: 0,
      status: 1,
      userId,
      createDate: expect.any(String),
    });
    expect(listed[1]?.isFree).toBe(1);
    const mine = await t
      .client()
      .get<PolicyWire[]>('/v2/policies/list', { query: { policyIds: paidId, userId: userId + 1 } });
    expect(dataOf(mine)).toEqual([]);
    const translated = dataOf(
      await t.client().get<PolicyWire>(`/v2/policies/${paidId}`, { query: { isTranslate: 1 }, locale: 'en_US' }),
    );
    expect(translated.translateInfo?.states.map((state) => state.content)).toEqual([
      'Initial state “initial”: grants no authorization',
      'State “paid”: grants authorization for good; nothing changes after this',
    ]);
    expect(translated.translateInfo?.states[0]?.events).toEqual([
      {
        eventId: compiled.policy?.fsmDescriptionInfo.initial?.transitions[0]?.eventId,
        content: 'Pay 10.00 coins to the licensor to enter paid',
      },
    ]);
    expect(errCodeOf(await t.client().get(`/v2/policies/${'f'.repeat(32)}`))).toBe(ErrCode.Business);
    expect(badFieldsOf(await t.client().get('/v2/policies/list', { query: { policyIds: 'nope' } }))).toEqual([
      'policyIds',
    ]);
  });

  it('are found or created from texts, with compile warnings', async () => {
    const { client } = await t.login();
    const past =
      'for public\n\ninitial[active]:\n  ~freelog.TimeEvent("2020-01-01 00:00") => done\n\ndone:\n  terminate';
    const created = dataOf(
      await client.post<PolicyWire[]>(
        '/v2/policies',
        { policyTexts: [encodeURIComponent(past), encodeURIComponent(FREE_POLICY)], subjectType: 2 },
        { locale: 'en_US' },
      ),
    );
    expect(created.map((item) => [item.policyId, item.subjectType])).toEqual([
      [policyIdOf(past, 2), 2],
      [policyIdOf(FREE_POLICY, 2), 2],
    ]);
    expect(created[0]?.compileWarnings).toEqual([
      { line: 4, column: 22, code: 'W002', message: "The time '2020-01-01 00:00' has already passed" },
    ]);
    const testOnly = await client.post(
      '/v2/policies',
      { policyTexts: ['for public initial[active, testActive]: terminate'], subjectType: 2 },
      { locale: 'en_US' },
    );
    expect(testOnly.body.data).toEqual([
      {
        field: 'policyTexts.0',
        index: 0,
        line: 1,
        column: 28,
        code: 'P010',
        message: "Service state 'testActive' is not available for exhibits",
      },
    ]);
    expect(badFieldsOf(await client.post('/v2/policies', { policyTexts: [FREE_POLICY], subjectType: 3 }))).toEqual([
      'subjectType',
    ]);
    expect(errCodeOf(await t.client().post('/v2/policies', { policyTexts: [FREE_POLICY], subjectType: 1 }))).toBe(
      ErrCode.NotLoggedIn,
    );
  });
});

describe('translating policy texts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('renders Base64 text as plain words in the caller’s language', async () => {
    const visitor = t.client();
    const english = dataOf(
      await visitor.post<string>('/v2/translate/translate', { contract: base64(PAID_POLICY) }, { locale: 'en_US' }),
    );
    expect(english.split('\n')).toEqual([
      'Who may sign: everyone',
      'Initial state “initial”: grants no authorization',
      '  Pay 10.00 coins to the licensor to enter paid',
      'State “paid”: grants authorization for good; nothing changes after this',
    ]);
    const chinese = dataOf(await visitor.post<string>('/v2/translate/translate', { contract: base64(PAID_POLICY) }));
    expect(chinese.split('\n')[0]).toBe('签约对象：所有人');
  });

  it('answers the structured translation for transfer', async () => {
    const answer = dataOf(
      await t.client().post<{ policyText: string; translateInfo: { states: unknown[] } }>('/v2/translate/transfer', {
        contract: base64(`${TRIAL_POLICY}\r\n`),
        fsmTransfers: [],
      }),
    );
    expect(answer.policyText).toBe(TRIAL_POLICY);
    expect(answer.translateInfo.states).toHaveLength(3);
  });

  it('refuses text that is not Base64 UTF-8 or does not compile', async () => {
    const visitor = t.client();
    expect(badFieldsOf(await visitor.post('/v2/translate/translate', { contract: 'not base64 ###' }))).toEqual([
      'contract',
    ]);
    expect(
      badFieldsOf(
        await visitor.post('/v2/translate/translate', { contract: Buffer.from([0xff, 0xfe, 0x41]).toString('base64') }),
      ),
    ).toEqual(['contract']);
    const broken = await visitor.post(
      '/v2/translate/translate',
      { contract: base64('for public initial:') },
      { locale: 'en_US' },
    );
    expect(broken.body).toMatchObject({
      errCode: ErrCode.BadParams,
      msg: 'The policy has an error: Syntax error at line 1, column 20: unexpected end of text',
    });
  });

  it('lists the editor’s templates for GET and POST', async () => {
    const templates = dataOf(await t.client().get<TemplateWire[]>('/v2/translate/translate-config/list4Client'));
    expect(templates.map((item) => [item._id, item.title, item.titleEn])).toEqual([
      ['free', '免费', 'Free'],
      ['payOnce', '一次付费', 'Pay once'],
      ['trialThenSubscription', '先试用后订阅', 'Trial, then subscription'],
    ]);
    expect(templates[0]).toMatchObject({
      templateId: 'free',
      template: FREE_POLICY,
      policyText: FREE_POLICY,
      subjectType: 1,
      sortNo: 1,
      status: 1,
    });
    for (const template of templates) expect(compilePolicy(template.policyText).ok).toBe(true);
    expect(dataOf(await t.client().post('/v2/translate/translate-config/list4Client', {}))).toEqual(templates);
  });
});
