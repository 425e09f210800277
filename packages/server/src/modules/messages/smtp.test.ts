// Real e-mail delivery (SMTP_URL) against an SMTP server started here on a free port.
import { ErrCode } from '@tessera/domain';
import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, createTestApp, dataOf, type TestApp } from '../../testing';
import { CodeStatus } from './codes';

type ReceivedMail = { from: string; to: string[]; raw: string };

async function startSmtpServer(): Promise<{ server: SMTPServer; port: number; inbox: ReceivedMail[] }> {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return { server, port: (server.server.address() as AddressInfo).port, inbox };
}

/** A port nothing listens on: taken from the system, then released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The decoded text of a single-part message (7bit, quoted-printable or base64). */
function bodyOf(raw: string): string {
  const separator = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, separator);
  const body = raw.slice(separator + 4);
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_whole, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes);
}

describe('e-mail through SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, smtpFrom: 'Tessera Test <codes@tessera.test>' },
    });
  });
  let smtpRunning = true;
  const stopSmtp = async () => {
    if (!smtpRunning) return;
    smtpRunning = false;
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  };
  afterAll(async () => {
    await t.close();
    await stopSmtp();
  });

  it('delivers the code by e-mail, and the code works', async () => {
    dataOf(
      await t
        .client({ locale: 'en_US' })
        .post('/v2/messages/send', { loginName: 'Reader@Example.com', authCodeType: 'register' }),
    );

    expect(smtp.inbox).toHaveLength(1);
    const [mail] = smtp.inbox;
    expect(mail).toMatchObject({ from: 'codes@tessera.test', to: ['reader@example.com'] });
    expect(mail?.raw).toMatch(/^Subject: Your Tessera code to sign up$/m);
    const body = bodyOf(mail?.raw ?? '');
    expect(body).toContain('It is valid for 5 minutes.');
    const code = codeIn(body);
    expect(code).toMatch(/^\d{6}$/);

    await t.services.messages.consumeCode({
      address: 'reader@example.com',
      authCodeType: 'register',
      authCode: code ?? '',
    });
    // E-mail went out for real, so the outbox has nothing for it.
    await expect(t.latestMessage('reader@example.com')).rejects.toThrow(/no message/);
  });

  it('still keeps text messages in the outbox', async () => {
    dataOf(await t.client().post('/v2/messages/send', { loginName: '13500000005', authCodeType: 'register' }));
    expect(await t.latestMessage('13500000005')).toMatchObject({ channel: 'sms' });
    expect(smtp.inbox.map((mail) => mail.to[0])).not.toContain('13500000005');
  });

  it('keeps the earlier code working when a resend cannot be delivered', async () => {
    await t.createUser({ email: 'again@example.com' });
    dataOf(
      await t.client().post('/v2/messages/send', { loginName: 'again@example.com', authCodeType: 'resetPassword' }),
    );
    const code = codeIn(bodyOf(smtp.inbox.at(-1)?.raw ?? '')) ?? '';

    await stopSmtp();
    t.clock.advance({ seconds: 61 });
    const failed = await t
      .client()
      .post('/v2/messages/send', { loginName: 'again@example.com', authCodeType: 'resetPassword' });
    expect(failed.body).toMatchObject({ errCode: ErrCode.Business, msg: '验证码发送失败，请稍后重试' });
    expect(bodyOf(smtp.inbox.at(-1)?.raw ?? '')).toContain(`您正在重置登录密码，验证码为 ${code}，5 分钟内有效。`);
    await t.services.messages.consumeCode({
      address: 'again@example.com',
      authCodeType: 'resetPassword',
      authCode: code,
    });
  });
});

describe('e-mail when the SMTP server is down', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${await closedPort()}` } });
  });
  afterAll(() => t.close());

  it('marks the code as not sent and answers a clear errCode 2', async () => {
    const response = await t
      .client({ locale: 'en_US' })
      .post('/v2/messages/send', { loginName: 'nobody@example.com', authCodeType: 'register' });
    expect(response.body).toEqual({
      ret: 0,
      errCode: ErrCode.Business,
      msg: 'The code could not be sent; please try again later',
      data: null,
    });

    const rows = await t.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('toAddress', '=', 'nobody@example.com')
      .execute();
    expect(rows.map((row) => row.status)).toEqual([CodeStatus.SendingFailed]);
    expect(
      await t.client().get('/v2/messages/verify', {
        query: { address: 'nobody@example.com', authCode: '123456', authCodeType: 'register' },
      }),
    ).toMatchObject({
      body: { errCode: 0, data: false },
    });
  });
});
