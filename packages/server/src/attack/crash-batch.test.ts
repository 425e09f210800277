// Killing the server (SIGKILL) while resources are created in batches: after the restart every
// acknowledged resource is there with its first version, and no resource of a batch is left without
// one (each item's resource and first version are one transaction). Runs the real `tessera start`.
import { afterAll, describe } from 'vitest';
import { openDatabase, type Db } from '../platform/db/database';
import { CrashableServer, callJson, signIn, Tally, multipartFile, type Session } from './testing';

const tally = new Tally('crash-batch', 'kill -9 during batch creation');
const BATCHES_IN_FLIGHT = 8;
const ITEMS = 20;
/** Kill rounds at most, until one lands among the batches' writes. */
const ROUNDS = 3;

type BatchAnswer = { resource: { resourceId: string; resourceName: string } | null }[];
type ResourceRow = { resourceId: string; resourceName: string; latestVersion: string; status: number };

async function upload(origin: string, session: Session, text: string): Promise<string> {
  const { body, headers } = multipartFile('batch.md', text);
  const response = await fetch(`${origin}/v2/storages/files/upload`, {
    method: 'POST',
    headers: { cookie: session.cookie, 'x-xsrf-token': session.xsrf, ...headers },
    body,
  });
  const { data } = (await response.json()) as { data: { sha1: string } };
  for (let tries = 0; tries < 200; tries += 1) {
    const info = await callJson<{ isExisting: boolean }[]>(
      origin,
      session,
      'GET',
      `/v2/storages/files/fileIsExist?sha1=${data.sha1}`,
    );
    if (info.data[0]?.isExisting) return data.sha1;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the file was not analysed');
}

function batch(origin: string, session: Session, prefix: string, sha1: string): Promise<BatchAnswer | null> {
  return callJson<BatchAnswer>(origin, session, 'POST', '/v2/resources/createBatch', {
    resourceTypeCode: 'markdown',
    createResourceObjects: Array.from({ length: ITEMS }, (_, index) => ({
      name: `${prefix}-${index}`,
      version: '1.0.0',
      fileSha1: sha1,
      filename: 'batch.md',
    })),
  }).then(
    (answer) => (answer.errCode === 0 ? answer.data : null),
    () => null,
  );
}

/**
 * How many of a round's resources are in the database, read straight from it (no readers: the test's own
 * connection). Asked over HTTP, the answer queued behind the very writes it was to detect.
 */
async function writtenInRound(db: Db, round: number): Promise<number> {
  const row = await db
    .selectFrom('resources')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('resourceName', 'like', `%/during${round}x%`)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function ownResources(origin: string, session: Session): Promise<ResourceRow[]> {
  const rows: ResourceRow[] = [];
  for (let skip = 0; ; skip += 100) {
    const page = await callJson<{ dataList: ResourceRow[]; totalItem: number }>(
      origin,
      session,
      'GET',
      `/v2/resources?isSelf=1&skip=${skip}&limit=100`,
    );
    rows.push(...page.data.dataList);
    if (rows.length >= page.data.totalItem || page.data.dataList.length === 0) return rows;
  }
}

describe('killing the server during batch creation', () => {
  const server = new CrashableServer('tessera-crash-batch-');
  afterAll(() => server.dispose());

  tally.case(
    'crash-batch every acknowledged resource has its first version, none is left without one',
    async () => {
      const origin = await server.start();
      let session = await signIn(origin);
      const sha1 = await upload(origin, session, `# batch ${Date.now()}\n`);

      const acknowledged = new Set<string>();
      const remember = (answer: BatchAnswer | null) => {
        for (const item of answer ?? []) if (item.resource) acknowledged.add(item.resource.resourceName);
      };
      remember(await batch(origin, session, 'before', sha1));
      // A round sends the batches, waits until one has begun to write, and kills the server. When every
      // batch of a round finished before the kill landed (a fast machine, or the kill's poll queued behind
      // the writes), the server starts again and another round runs: the check needs a kill among writes.
      const db = openDatabase({
        databaseUrl: server.databaseUrl === '' ? null : server.databaseUrl,
        dataDir: server.dataDir,
        sqliteReaders: 0,
      });
      let writtenBeforeKill = 0;
      let killedMidway = false;
      for (let round = 0; round < ROUNDS && !killedMidway; round += 1) {
        if (round > 0) {
          await server.start();
          session = await signIn(origin);
        }
        const before = acknowledged.size;
        const inFlight = Array.from({ length: BATCHES_IN_FLIGHT }, (_, index) =>
          batch(origin, session, `during${round}x${index}`, sha1).then(remember),
        );
        // Killed as soon as the batches have begun to write (not after a guessed delay).
        const started = Date.now();
        writtenBeforeKill = 0;
        while (writtenBeforeKill === 0 && Date.now() - started < 20_000) {
          // A timer, not a bare await: this loop must let the batches' own requests go out.
          await new Promise((resolve) => setTimeout(resolve, 5));
          writtenBeforeKill = await writtenInRound(db, round).catch(() => 0);
        }
        await server.kill();
        await Promise.all(inFlight);
        killedMidway = acknowledged.size - before < ITEMS * BATCHES_IN_FLIGHT;
      }
      await db.destroy();

      await server.start();
      session = await signIn(origin);
      const rows = await ownResources(origin, session);
      const byName = new Map(rows.map((row) => [row.resourceName, row]));
      const violations: string[] = [];
      for (const name of acknowledged) {
        const row = byName.get(name);
        if (!row) violations.push(`acknowledged ${name} is gone`);
        else if (row.latestVersion !== '1.0.0') violations.push(`acknowledged ${name} lost its version`);
      }
      for (const row of rows)
        if (/\/(?:before|during\d+x\d+)-\d+$/.test(row.resourceName) && row.latestVersion === '')
          violations.push(`${row.resourceName} was left without its first version`);
      if (acknowledged.size < ITEMS) violations.push(`only ${acknowledged.size} resources were acknowledged`);
      if (writtenBeforeKill === 0) violations.push('no batch had begun to write when the server was killed');
      if (!killedMidway) violations.push(`every batch finished before the server was killed, in ${ROUNDS} rounds`);
      return violations;
    },
    240_000,
  );
});
