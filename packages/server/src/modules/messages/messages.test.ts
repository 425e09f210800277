import { ErrCode, type FieldError } from '@tessera/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp, type TestClient } from '../../testing';
import { createHash } from 'node:crypto';
import { resolveSessionSecret } from '../../platform/secrets';
import { codeHashKey, CodeStatus, hashCode, type AuthCodeType } from './codes';

const SEND = '/v2/messages/send';
const VERIFY = '/v2/messages/verify';

describe('verification codes', () => {
  let t: TestApp;
  const log: string[] = [];

  beforeEach(async () => {
    log.length = 0;
    t = await createTestApp({ logStream: { write: (line) => void log.push(line) } });
  });
  afterEach(() => t.close());

  const send = (loginName: string, authCodeType: AuthCodeType = 'register', client: TestClient = t.client()) =>
    client.post<true>(SEND, { loginName, authCodeType });
  const verify = async (address: string, authCode: string, authCodeType: AuthCodeType = 'register') =>
    dataOf(await t.client().get<boolean>(VERIFY, { query: { address, authCode, authCodeType } }));
  const consume = (address: string, authCode: string, authCodeType: AuthCodeType = 'register') =>
    t.services.messages.consumeCode({ address, authCodeType, authCode });
  const wrong = (code: string) => (code === '000000' ? '000001' : '000000');
  const codeRows = (toAddress: string) =>
    t.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('toAddress', '=', toAddress)
      .orderBy('createDate')
      .execute();
  const advanceSeconds = (seconds: number) => t.clock.advance({ seconds });

  /** The AppError a promise rejects with, as {errCode, messageKey, params}. */
  const rejection = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    return error as { errCode: number; messageKey: string; params?: Record<string, unknown> } | null;
  };

  it('sends a code that verifies, is consumed once and is stored only as a hash', async () => {
    expect(dataOf(await send('New.Person@Example.com'))).toBe(true);
    const code = await t.latestCode('new.person@example.com');
    expect(code).toMatch(/^\d{6}$/);

    expect(await verify('new.person@example.com', code)).toBe(true);
    expect(await verify('NEW.PERSON@example.com', code)).toBe(true);
    expect(await verify('new.person@example.com', code, 'resetPassword')).toBe(false);

    await consume('New.Person@example.com', code);
    expect(await verify('new.person@example.com', code)).toBe(false);
    expect(await rejection(consume('new.person@example.com', code))).toMatchObject({
      errCode: ErrCode.Business,
      messageKey: 'messages.error.noCode',
    });

    const [row] = await codeRows('new.person@example.com');
    expect(row).toMatchObject({
      authCodeType: 'register',
      status: CodeStatus.Used,
      failedCount: 0,
      expireDate: '2025-03-01T00:05:00.000Z',
    });
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('stores the code hashed with a key from the server secret, never as a plain hash a reader of the table could test', async () => {
    dataOf(await send('keyed@example.com'));
    const code = await t.latestCode('keyed@example.com');
    const [row] = await codeRows('keyed@example.com');
    if (!row) throw new Error('no code row');
    const subject = { recordId: row.recordId, address: 'keyed@example.com', authCodeType: 'register' };
    const plain = createHash('sha256').update(`${row.recordId}\nkeyed@example.com\nregister\n${code}`).digest('hex');
    expect(row.codeHash).not.toBe(plain);
    const key = codeHashKey(await resolveSessionSecret(t.db, null));
    expect(row.codeHash).toBe(hashCode(code, subject, key));
  });

  it('sends one code per address within the interval however many sends arrive at once', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => send('burst.send@example.com')));
    expect(answers.filter((answer) => answer.body.errCode === ErrCode.Success)).toHaveLength(1);
    expect(await codeRows('burst.send@example.com')).toHaveLength(1);
  });

  it('sends at most 30 codes an hour from one IP address however many sends arrive at once', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, index) => send(`burst.ip${index}@example.com`)));
    expect(answers.filter((answer) => answer.body.errCode === ErrCode.Success)).toHaveLength(30);
    const rows = await t.db
      .selectFrom('verification_codes')
      .select('recordId')
      .where('toAddress', 'like', 'burst.ip%')
      .execute();
    expect(rows).toHaveLength(30);
  });

  it('forgets outbox messages and codes a week old (housekeeping)', async () => {
    dataOf(await send('old.news@example.com'));
    t.clock.advance({ days: 7, hours: 1 });
    dataOf(await send('fresh.news@example.com'));
    expect(await t.app.jobs.runDue()).toContain('messages:sweep');
    expect(await codeRows('old.news@example.com')).toEqual([]);
    expect(await codeRows('fresh.news@example.com')).toHaveLength(1);
    const outbox = await t.db.selectFrom('outbox_messages').select('toAddress').execute();
    expect(outbox.map((row) => row.toAddress)).toEqual(['fresh.news@example.com']);
  });

  it('sends register codes to free addresses only, and the other types to bound ones', async () => {
    await t.createUser({ email: 'bound@example.com', mobile: '13800000001' });

    const taken = await send('Bound@Example.com', 'register', t.client({ locale: 'en_US' }));
    expect(taken.body).toMatchObject({
      errCode: ErrCode.Business,
      msg: 'This e-mail address or mobile number is already used by an account',
      data: null,
    });
    expect((await send('13800000001', 'register')).body.errCode).toBe(ErrCode.Business);

    const unbound = await send('free@example.com', 'resetPassword', t.client({ locale: 'en_US' }));
    expect(unbound.body).toMatchObject({
      errCode: ErrCode.Business,
      msg: 'No account uses this e-mail address or mobile number',
    });
    for (const type of ['resetPassword', 'activateTransactionAccount', 'updateTransactionAccountPwd'] as const) {
      expect(dataOf(await send('BOUND@example.com', type))).toBe(true);
    }
    expect(dataOf(await send('13800000001', 'resetPassword'))).toBe(true);
    expect(await t.latestMessage('13800000001')).toMatchObject({ channel: 'sms', toAddress: '13800000001' });
    expect(await codeRows('free@example.com')).toEqual([]);
  });

  it('sends updateMobileOrEmail codes to logged-in callers, at their own address or a free one', async () => {
    const { client: alice } = await t.login({ email: 'alice@example.com' });
    await t.createUser({ email: 'bob@example.com' });

    expect((await send('alice@example.com', 'updateMobileOrEmail')).body.errCode).toBe(ErrCode.NotLoggedIn);
    expect(dataOf(await send('alice@example.com', 'updateMobileOrEmail', alice))).toBe(true);
    expect(dataOf(await send('13900000002', 'updateMobileOrEmail', alice))).toBe(true);
    expect((await send('bob@example.com', 'updateMobileOrEmail', alice)).body).toMatchObject({
      errCode: ErrCode.Business,
      data: null,
    });
  });

  it('refuses a second code for the same address and type within 60 seconds', async () => {
    dataOf(await send('wait@example.com'));
    advanceSeconds(30);
    const tooSoon = await send('wait@example.com', 'register', t.client({ locale: 'en_US' }));
    expect(tooSoon.body).toEqual({
      ret: 0,
      errCode: ErrCode.Business,
      msg: 'A code was sent to this address less than a minute ago; try again in 30 seconds',
      data: { retryAfterSeconds: 30 },
    });
    expect((await send('wait@example.com')).body.msg).toBe('验证码发送过于频繁，请 30 秒后再试');

    advanceSeconds(31);
    expect(dataOf(await send('wait@example.com'))).toBe(true);
    expect(await codeRows('wait@example.com')).toHaveLength(2);
  });

  it('refuses the 21st code of the day for one address until the next platform day', async () => {
    const address = '13700000003';
    await t.createUser({ mobile: address });
    for (let index = 0; index < 20; index += 1) {
      expect(dataOf(await send(address, index % 2 === 0 ? 'resetPassword' : 'activateTransactionAccount'))).toBe(true);
      advanceSeconds(61);
    }
    const refused = await send(address, 'resetPassword', t.client({ locale: 'en_US' }));
    // The platform day (UTC+8) ends at 2025-03-01T16:00Z.
    const secondsLeft = (Date.parse('2025-03-01T16:00:00.000Z') - t.clock.now().getTime()) / 1000;
    expect(refused.body).toMatchObject({
      errCode: ErrCode.Business,
      msg: `This address has had 20 codes today, the daily limit; try again in ${secondsLeft} seconds`,
      data: { retryAfterSeconds: secondsLeft },
    });

    t.clock.set('2025-03-01T16:00:00.000Z');
    expect(dataOf(await send(address, 'resetPassword'))).toBe(true);
  });

  it('limits how many codes one IP address asks for in an hour', async () => {
    for (let index = 0; index < 30; index += 1) {
      expect(dataOf(await send(`person${index}@example.com`))).toBe(true);
      advanceSeconds(10);
    }
    const refused = await send('person30@example.com', 'register', t.client({ locale: 'en_US' }));
    expect(refused.body).toMatchObject({
      errCode: ErrCode.Business,
      msg: 'Too many codes were asked for from your network; try again in 3300 seconds',
      data: { retryAfterSeconds: 3300 },
    });
    advanceSeconds(3300);
    expect(dataOf(await send('person30@example.com'))).toBe(true);
  });

  it('lets a code expire 5 minutes after sending', async () => {
    dataOf(await send('late@example.com'));
    const code = await t.latestCode('late@example.com');
    t.clock.advance({ minutes: 4, seconds: 59 });
    expect(await verify('late@example.com', code)).toBe(true);
    advanceSeconds(1);
    expect(await verify('late@example.com', code)).toBe(false);
    expect(await rejection(consume('late@example.com', code))).toMatchObject({
      errCode: ErrCode.Business,
      messageKey: 'messages.error.codeExpired',
    });
  });

  it('voids a code at its 5th wrong try, counting wrong verifications too', async () => {
    dataOf(await send('typo@example.com'));
    const code = await t.latestCode('typo@example.com');

    expect(await verify('typo@example.com', wrong(code))).toBe(false);
    for (const remaining of [3, 2, 1]) {
      expect(await rejection(consume('typo@example.com', wrong(code)))).toMatchObject({
        messageKey: 'messages.error.codeWrong',
        params: { remaining },
      });
    }
    expect(await rejection(consume('typo@example.com', wrong(code)))).toMatchObject({
      errCode: ErrCode.Business,
      messageKey: 'messages.error.tooManyWrongTries',
    });

    expect(await verify('typo@example.com', code)).toBe(false);
    expect(await rejection(consume('typo@example.com', code))).toMatchObject({ messageKey: 'messages.error.noCode' });
    expect((await codeRows('typo@example.com'))[0]).toMatchObject({ status: CodeStatus.Void, failedCount: 5 });
  });

  it('compares at most 5 guesses however many arrive at once', async () => {
    dataOf(await send('burst@example.com'));
    const code = await t.latestCode('burst@example.com');
    const guesses = Array.from({ length: 60 }, (_, index) =>
      String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(guesses.map((guess) => rejection(consume('burst@example.com', guess))));
    expect(answers.every((answer) => answer?.errCode === ErrCode.Business)).toBe(true);
    expect((await codeRows('burst@example.com'))[0]).toMatchObject({ status: CodeStatus.Void, failedCount: 5 });
    expect(await rejection(consume('burst@example.com', code))).toMatchObject({ messageKey: 'messages.error.noCode' });
  });

  it('voids the older code when a newer one is sent', async () => {
    dataOf(await send('twice@example.com'));
    const older = await t.latestCode('twice@example.com');
    advanceSeconds(61);
    dataOf(await send('twice@example.com'));
    const newer = await t.latestCode('twice@example.com');

    if (older !== newer) expect(await verify('twice@example.com', older)).toBe(false);
    await consume('twice@example.com', newer);
    expect((await codeRows('twice@example.com')).map((row) => row.status)).toEqual([CodeStatus.Void, CodeStatus.Used]);
  });

  it('answers errCode 4 naming the field for a bad address, type or code', async () => {
    const fieldsOf = async (response: Promise<{ body: { errCode: number; data: unknown } }>) => {
      const { body } = await response;
      expect(body.errCode).toBe(ErrCode.BadParams);
      return (body.data as FieldError[]).map((issue) => issue.field);
    };
    const visitor = t.client({ locale: 'en_US' });

    const badAddress = await visitor.post(SEND, { loginName: 'not-an-address', authCodeType: 'register' });
    expect(badAddress.body.data).toEqual([
      { field: 'loginName', code: 'pattern', message: 'Must be an e-mail address or an 11-digit mobile number' },
    ]);
    expect(await fieldsOf(visitor.post(SEND, { loginName: '12345678901', authCodeType: 'register' }))).toEqual([
      'loginName',
    ]);
    expect(await fieldsOf(visitor.post(SEND, { loginName: 'a@example.com', authCodeType: 'login' }))).toEqual([
      'authCodeType',
    ]);
    expect(await fieldsOf(visitor.post(SEND, { authCodeType: 'register' }))).toEqual(['loginName']);
    expect(
      await fieldsOf(visitor.post(SEND, { loginName: `${'a'.repeat(250)}@example.com`, authCodeType: 'register' })),
    ).toEqual(['loginName']);
    expect(
      await fieldsOf(
        visitor.get(VERIFY, { query: { address: 'a@example.com', authCode: '12ab56', authCodeType: 'register' } }),
      ),
    ).toEqual(['authCode']);
    expect(
      await fieldsOf(
        visitor.get(VERIFY, { query: { address: '<script>', authCode: '123456', authCodeType: 'register' } }),
      ),
    ).toEqual(['address']);
    expect(await t.db.selectFrom('verification_codes').select('recordId').execute()).toEqual([]);
  });

  it('needs the anti-forgery header to send', async () => {
    const response = await t
      .client()
      .post(SEND, { loginName: 'forged@example.com', authCodeType: 'register' }, { xsrf: false });
    expect(response.body.errCode).toBe(ErrCode.Forbidden);
    await expect(t.latestMessage('forged@example.com')).rejects.toThrow(/no message/);
  });

  it('writes the message in the language of the request, naming the purpose and the 5 minutes', async () => {
    dataOf(await send('zh@example.com'));
    const chinese = await t.latestMessage('zh@example.com');
    const zhCode = await t.latestCode('zh@example.com');
    expect(chinese).toMatchObject({ channel: 'email', subject: 'Tessera 验证码：注册账号' });
    expect(chinese.body).toBe(
      `您正在注册账号，验证码为 ${zhCode}，5 分钟内有效。请勿将验证码告诉他人；如非本人操作，请忽略本消息。`,
    );

    await t.createUser({ email: 'en@example.com' });
    dataOf(await send('en@example.com', 'resetPassword', t.client({ locale: 'en_US' })));
    const english = await t.latestMessage('en@example.com');
    expect(english.subject).toBe('Your Tessera code to reset your password');
    expect(english.body).toContain(
      `to reset your password is ${await t.latestCode('en@example.com')}. It is valid for 5 minutes.`,
    );
  });

  it('says in the log why a message stayed in the outbox', async () => {
    dataOf(await send('13600000004'));
    dataOf(await send('log@example.com'));
    const lines = log.map((line) => JSON.parse(line) as { msg: string; channel?: string; body?: string });
    expect(lines.find((line) => line.channel === 'sms')?.msg).toContain('no SMS provider is configured');
    expect(lines.find((line) => line.channel === 'email')?.msg).toContain('SMTP_URL is not set');
    expect(lines.find((line) => line.channel === 'sms')?.body).toContain(await t.latestCode('13600000004'));
  });
});
