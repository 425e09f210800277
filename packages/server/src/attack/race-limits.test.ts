// Every limit raced with 20–40 parallel requests, on SQLite and PostgreSQL: the limit holds exactly.
// Buckets per user (5), nodes per user (the setting), the storage quota, accounts per address and hour, verification codes (tries,
// resend interval, codes per address), failed logins per account and per address, one live contract
// per licensee and policy.
import { ErrCode } from '@tessera/domain';
import { afterAll, describe } from 'vitest';
import { createTestApp } from '../testing';
import {
  Caller,
  createOnlineResource,
  createResource,
  errCodeOf,
  isEnvelope,
  Tally,
  uploadAnalysed,
  type Answer,
} from './testing';

const tally = new Tally('race-limits', 'Limits raced with parallel requests');
const FILE_BYTES = 100;
const QUOTA_FILES = 7;
const NODES_PER_USER = 3;
const t = await createTestApp({
  config: { storageQuotaBytes: FILE_BYTES * QUOTA_FILES, maxNodesPerUser: NODES_PER_USER },
});
afterAll(() => t.close());
const visitor = new Caller(t, tally);
let addressCounter = 0;
/** Each case calls from its own address, so that per-address limits of one case leave the others alone. */
const address = () => {
  addressCounter += 1;
  return `10.0.${addressCounter}.1`;
};

const succeeded = (answers: Answer[]) => answers.filter((answer) => errCodeOf(answer) === ErrCode.Success).length;
/** Refusals that are not "blocked, wait N seconds": attempts that were compared. */
const compared = (answers: Answer[]) =>
  answers.filter((answer) => {
    const body = answer.body;
    if (!isEnvelope(body) || body.errCode === ErrCode.Success) return false;
    return !(typeof body.data === 'object' && body.data !== null && 'retryAfterSeconds' in body.data);
  }).length;
const atMost = (what: string, count: number, limit: number) =>
  count <= limit ? [] : [`${what}: ${count} got through, the limit is ${limit}`];
const parallel = <T>(count: number, make: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, index) => make(index)));

async function signedIn() {
  const { client, user } = await t.login({ password: 'Racer2026pass' });
  return { client, caller: new Caller(t, tally, client), username: user.username };
}

async function registerCode(loginName: string, remoteAddress: string): Promise<string> {
  const answer = await visitor.send(null, {
    method: 'POST',
    url: '/v2/messages/send',
    body: { loginName, authCodeType: 'register' },
    remoteAddress,
  });
  if (errCodeOf(answer) !== ErrCode.Success) throw new Error(`no code sent to ${loginName}: ${answer.text}`);
  return t.latestCode(loginName);
}

describe('limits under parallel requests', () => {
  tally.case('race buckets per user (5) with 20 parallel creations', async () => {
    const { caller } = await signedIn();
    const tag = `${process.pid}-${Date.now() % 100_000}`;
    const answers = await parallel(20, (index) =>
      caller.send(null, { method: 'POST', url: '/v2/storages/buckets', body: { bucketName: `race-${tag}-${index}` } }),
    );
    const list = await caller.send(null, { method: 'GET', url: '/v2/storages/buckets?bucketType=1' });
    const held = Array.isArray((list.body as { data?: unknown }).data) ? (list.body as { data: unknown[] }).data : [];
    return [...atMost('bucket creations', succeeded(answers), 5), ...atMost('buckets held', held.length, 5)];
  });

  tally.case(`race nodes per user (${NODES_PER_USER}) with 20 parallel creations`, async () => {
    const { caller } = await signedIn();
    const tag = `${process.pid}x${Date.now() % 100_000}`;
    const answers = await parallel(20, (index) =>
      caller.send(null, {
        method: 'POST',
        url: '/v2/nodes',
        body: { nodeName: `race${tag}y${index}`, nodeDomain: `race-${tag}-${index}` },
      }),
    );
    const list = await caller.send(null, { method: 'GET', url: '/v2/nodes' });
    const held = (list.body as { data?: { totalItem?: number } }).data?.totalItem ?? 0;
    return [
      ...atMost('node creations', succeeded(answers), NODES_PER_USER),
      ...atMost('nodes held', held, NODES_PER_USER),
    ];
  });

  tally.case(`race storage quota (${QUOTA_FILES} files) with 20 parallel objects`, async () => {
    const { caller } = await signedIn();
    const client = { cookies: caller.cookies };
    const bucketName = `quota-${process.pid}-${Date.now() % 100_000}`;
    await caller.send(null, { method: 'POST', url: '/v2/storages/buckets', body: { bucketName } });
    const sha1s: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const text = `${String(index).padStart(3, '0')} `.repeat(FILE_BYTES / 4);
      sha1s.push(await uploadAnalysed(t.client({ cookies: Object.fromEntries(client.cookies) }), `q${index}.md`, text));
    }
    const answers = await parallel(20, (index) =>
      caller.send(null, {
        method: 'POST',
        url: `/v2/storages/buckets/${bucketName}/objects`,
        body: { objectName: `q${index}.md`, sha1: sha1s[index] },
      }),
    );
    const statistics = await caller.send(null, { method: 'GET', url: '/v2/storages/buckets/spaceStatistics' });
    const used = Number((statistics.body as { data?: { totalFileSize?: number } }).data?.totalFileSize ?? 0);
    return [
      ...atMost('objects created', succeeded(answers), QUOTA_FILES),
      ...atMost('bytes stored', used, FILE_BYTES * QUOTA_FILES),
    ];
  });

  tally.case('race registrations per address (10 an hour) with 20 parallel sign-ups', async () => {
    const from = address();
    const tag = `${process.pid}x${Date.now() % 100_000}`;
    const people = await parallel(20, async (index) => {
      const loginName = `racer${tag}n${index}@example.com`;
      return { loginName, authCode: await registerCode(loginName, address()), username: `racer${tag}n${index}` };
    });
    const answers = await parallel(20, (index) => {
      const person = people[index];
      if (!person) throw new Error('no person');
      return visitor.send(null, {
        method: 'POST',
        url: '/v2/users',
        body: { ...person, password: 'Racer2026pass' },
        remoteAddress: from,
      });
    });
    return atMost('accounts created from one address', succeeded(answers), 10);
  });

  tally.case('race verification code tries (5) with 20 parallel wrong guesses', async () => {
    const loginName = `guess${process.pid}x${Date.now() % 100_000}@example.com`;
    const code = await registerCode(loginName, address());
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const guess = (authCode: string) =>
      visitor.send(null, {
        method: 'GET',
        url: `/v2/messages/verify?${new URLSearchParams({ authCodeType: 'register', authCode, address: loginName })}`,
      });
    await parallel(20, () => guess(wrong));
    const right = await guess(code);
    const accepted = isEnvelope(right.body) && right.body.data === true;
    return accepted ? ['the right code still worked after 20 wrong guesses (more than 5 were compared)'] : [];
  });

  tally.case('race verification code resend interval with 20 parallel sends', async () => {
    const loginName = `resend${process.pid}x${Date.now() % 100_000}@example.com`;
    const answers = await parallel(20, () =>
      visitor.send(null, {
        method: 'POST',
        url: '/v2/messages/send',
        body: { loginName, authCodeType: 'register' },
        remoteAddress: address(),
      }),
    );
    return atMost('codes sent to one address within a minute', succeeded(answers), 1);
  });

  tally.case('race verification codes per address (30 an hour) with 40 parallel sends', async () => {
    const from = address();
    const tag = `${process.pid}x${Date.now() % 100_000}`;
    const answers = await parallel(40, (index) =>
      visitor.send(null, {
        method: 'POST',
        url: '/v2/messages/send',
        body: { loginName: `ip${tag}n${index}@example.com`, authCodeType: 'register' },
        remoteAddress: from,
      }),
    );
    return atMost('codes sent from one address', succeeded(answers), 30);
  });

  tally.case('race failed logins per account (5) with 20 parallel wrong passwords', async () => {
    const { username } = await signedIn();
    const login = (password: string) =>
      visitor.send(null, {
        method: 'POST',
        url: '/v2/passport/login',
        body: { loginName: username, password, isRemember: 0, jwtType: 'header' },
        remoteAddress: address(),
      });
    const answers = await parallel(20, () => login('Wrong2026pass'));
    const right = await login('Racer2026pass');
    return [
      ...atMost('Wrong passwords compared for one account', compared(answers), 5),
      ...(errCodeOf(right) === ErrCode.Success ? ['the right password worked on a blocked account'] : []),
    ];
  });

  tally.case('race one live contract per licensee and policy with 20 parallel batchSigns', async () => {
    const tag = `${process.pid}x${Date.now() % 100_000}`;
    const licensor = await signedIn();
    const sha1 = await uploadAnalysed(licensor.client, 'signed.md', `# signed ${tag}\n`);
    const subject = await createOnlineResource(licensor.client, `signed-${tag}`, sha1);
    const { client, caller } = await signedIn();
    const licensee = await createResource(client, `signer-${tag}`);
    const answers = await parallel(20, () =>
      caller.send(null, {
        method: 'POST',
        url: '/v2/contracts/batchSign',
        body: {
          subjects: [{ subjectId: subject.resourceId, policyId: subject.policyId }],
          subjectType: 1,
          licenseeId: licensee.resourceId,
          licenseeIdentityType: 1,
        },
      }),
    );
    const answered = new Set(
      answers.map((answer) => (answer.body as { data?: { contractId: string }[] }).data?.[0]?.contractId),
    );
    const page = await caller.send(null, { method: 'GET', url: '/v2/contracts?identityType=2&skip=0&limit=100' });
    const held = (page.body as { data?: { totalItem?: number } }).data?.totalItem ?? 0;
    const refused = answers.length - succeeded(answers);
    return [
      ...(refused === 0 ? [] : [`${refused} of 20 signings refused: each should answer the live contract`]),
      ...atMost('contracts answered', answered.size, 1),
      ...atMost('contracts held', held, 1),
    ];
  });

  tally.case('race failed logins per address (30) with 40 parallel wrong passwords', async () => {
    const from = address();
    const tag = `${process.pid}x${Date.now() % 100_000}`;
    const answers = await parallel(40, (index) =>
      visitor.send(null, {
        method: 'POST',
        url: '/v2/passport/login',
        body: { loginName: `nobody${tag}n${index}`, password: 'Wrong2026pass', isRemember: 0, jwtType: 'header' },
        remoteAddress: from,
      }),
    );
    return atMost('wrong logins compared from one address', compared(answers), 30);
  });
});
