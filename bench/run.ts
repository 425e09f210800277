// Throughput and p99 latency of Tessera's calls beside a bare Fastify route, in one run.
// Each server runs in its own process; autocannon drives them from this one over loopback.
// `npm run bench` runs every group; `npm run bench -- accounts` only the named ones.
// The load generator shares the cores with the servers, so each row also gives the server process's
// CPU per answer, its ratios to the bare route of the same run, and the load average.
import { exhibitTargets, seedExhibits } from './exhibits';
import {
  loadFromEnv,
  machine,
  measure,
  measureBeside,
  ratioTable,
  writeResults,
  type Row,
  type Target,
} from './measure';
import { startTessera, startTesseraAndBare } from './servers';
import { signIn, visitorXsrf } from './session';

const load = loadFromEnv({ seconds: 10, connections: 20 });
/** With more than one (BENCH_ROUNDS), each route and the bare route are measured in turns and compared by medians. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
/** Exhibits on the benchmark's node (BENCH_EXHIBITS), all in one batch auth call (at most 100). */
const exhibits = Number(process.env.BENCH_EXHIBITS ?? 100);

type Group = (tessera: string) => Promise<Target[]>;

const groups: Record<string, Group> = {
  async activities(tessera) {
    const list = (await (await fetch(`${tessera}/v2/activities/list4Client?limit=100`)).json()) as {
      data: { dataList: { _id: string }[] };
    };
    const someId = list.data.dataList[0]?._id;
    if (!someId) throw new Error('the demo data has no visible activity');
    return [
      { name: 'GET /v2/activities/list4Client?limit=100', url: `${tessera}/v2/activities/list4Client?limit=100` },
      { name: 'GET /v2/activities/find4Client', url: `${tessera}/v2/activities/find4Client?_id=${someId}` },
      {
        name: "GET /v2/activities/find4Client (a browser's visitor cookie)",
        url: `${tessera}/v2/activities/find4Client?_id=${someId}`,
        headers: { cookie: `XSRF-TOKEN=${await visitorXsrf(tessera)}` },
      },
    ];
  },
  async accounts(tessera) {
    const xsrf = await visitorXsrf(tessera);
    const session = await signIn(tessera, 'alice', 'Tessera2026');
    const targets: Target[] = [
      {
        name: 'POST /v2/passport/login (argon2id verify + new session)',
        url: `${tessera}/v2/passport/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
        body: JSON.stringify({ loginName: 'bob', password: 'Tessera2026', isRemember: 1, jwtType: 'header' }),
      },
      { name: 'GET /v2/users/current (signed in)', url: `${tessera}/v2/users/current`, headers: { cookie: session } },
    ];
    return targets;
  },
  async storage(tessera) {
    const session = await signIn(tessera, 'alice', 'Tessera2026');
    const list = (await (
      await fetch(`${tessera}/v2/storages/buckets/demo-files/objects?limit=100`, { headers: { cookie: session } })
    ).json()) as {
      data: { dataList: { objectId: string; sha1: string }[] };
    };
    const some = list.data.dataList[0];
    if (!some) throw new Error('the demo data has no object in demo-files');
    // A full page: 100 more objects naming the same file.
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(session)?.[1] ?? '';
    for (let index = 0; index < 100; index += 1) {
      await fetch(`${tessera}/v2/storages/buckets/demo-files/objects`, {
        method: 'POST',
        headers: { cookie: session, 'x-xsrf-token': xsrf, 'content-type': 'application/json' },
        body: JSON.stringify({ objectName: `bench-${index}.png`, sha1: some.sha1 }),
      });
    }
    const someId = some.objectId;
    return [
      {
        name: 'GET /v2/storages/buckets/demo-files/objects?limit=100 (signed in)',
        url: `${tessera}/v2/storages/buckets/demo-files/objects?limit=100`,
        headers: { cookie: session },
      },
      {
        name: 'GET /v2/storages/objects/{objectId} (signed in)',
        url: `${tessera}/v2/storages/objects/${someId}`,
        headers: { cookie: session },
      },
    ];
  },
  async exhibits(tessera) {
    const seeding = Date.now();
    const data = await seedExhibits(tessera, exhibits);
    console.log(`exhibits: ${exhibits} made in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
    return exhibitTargets(tessera, data);
  },
};

const wanted = process.argv.slice(2);
const selected = wanted.length > 0 ? wanted : Object.keys(groups);
const port = Number(process.env.BENCH_PORT ?? 8301);
const [tessera, bare] = await startTesseraAndBare(() => startTessera(port), port + 1);
try {
  const targets: Target[] = [];
  for (const name of selected) {
    const group = groups[name];
    if (!group) throw new Error(`unknown group ${name}; groups: ${Object.keys(groups).join(', ')}`);
    targets.push(...(await group(tessera.url)));
  }
  const bareRoute = {
    target: { name: 'bare Fastify JSON route', url: `${bare.url}/bare` },
    meters: { serverPid: bare.pid },
  };
  const measureBare = () => measure(bareRoute.target, load, bareRoute.meters);
  const rows: Row[] = [await measureBare()];
  // The machine's speed drifts within a run (a VM's neighbours): each route is compared with the bare
  // route measured beside it.
  for (const target of targets) {
    const route = { target, meters: { serverPid: tessera.pid } };
    if (rounds > 1) rows.push(await measureBeside(route, bareRoute, load, rounds));
    else {
      const besideBare = rows.length === 1 ? rows[0] : await measureBare();
      rows.push({ ...(await measure(target, load, route.meters)), bare: besideBare });
    }
  }
  const table = ratioTable(rows);
  const context = `${machine(load)}${rounds > 1 ? `, ${rounds} rounds beside the bare route` : ''}`;
  console.log(`\n${context}\n\n${table}\n`);
  writeResults(`latest-${selected.join('-')}`, { context, rows });
} finally {
  await Promise.all([tessera.stop(), bare.stop()]);
}
