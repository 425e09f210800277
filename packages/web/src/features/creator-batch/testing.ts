import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { envelope, type RecordedRequest, type TestServer } from '../../testing/test-server';
import { startCreatorServer } from '../creator/testing';
import type { policyUser } from '../policy/testing';
import { requestsTo, resourceWire } from '../resources/testing';

// Helpers of the batch creator tests (tests only). The test server answers the batch calls the way
// the platform does: names are made free (`name_1`…), createBatch answers each item on its own.

const MiB = 1024 * 1024;

/** What the test server answers as the stored file's SHA-1 of each uploaded file name. */
export const sha1Of = (filename: string): string => createHash('sha1').update(filename).digest('hex');

export interface BatchServerOptions {
  /** Names alice's resources have already (createBatch refuses them, generateResourceNames avoids them). */
  taken?: string[];
}

function generatedNames(request: RecordedRequest, taken: ReadonlySet<string>) {
  const chosen = new Set(taken);
  const wanted = (JSON.parse(request.body) as { resourceNames: string[] }).resourceNames;
  return wanted.map((inputName) => {
    const base = inputName.trim().replace(/[\\/:*?"<>|\s@$#]/g, '_') || 'resource';
    let name = base;
    for (let n = 1; chosen.has(name.toLowerCase()); n += 1) name = `${base}_${n}`;
    chosen.add(name.toLowerCase());
    return { inputName, name, resourceName: `alice/${name}` };
  });
}

type SentItem = { name: string; resourceTitle?: string; tags?: string[]; version?: string };

function batchAnswer(request: RecordedRequest, taken: Set<string>) {
  const items = (JSON.parse(request.body) as { resourceTypeCode: string; createResourceObjects: SentItem[] })
    .createResourceObjects;
  return items.map((item, index) => {
    if (taken.has(item.name.toLowerCase())) {
      return {
        index,
        name: item.name,
        errCode: 2,
        msg: `the resource name alice/${item.name} is already taken`,
        data: null,
        resource: null,
        version: null,
      };
    }
    taken.add(item.name.toLowerCase());
    const resource = resourceWire({
      resourceName: `alice/${item.name}`,
      resourceTitle: item.resourceTitle ?? item.name,
      username: 'alice',
      userId: 10001,
      status: 0,
      tags: item.tags ?? [],
    });
    return {
      index,
      name: item.name,
      errCode: 0,
      msg: 'success',
      data: null,
      resource,
      version: { errCode: 0, msg: 'success', data: null },
    };
  });
}

/** The creator's test server with the batch calls and a catalogue whose image types take png and jpg. */
export async function startBatchServer({ taken = [] }: BatchServerOptions = {}): Promise<TestServer> {
  const server = await startCreatorServer();
  const takenKeys = new Set(taken.map((name) => name.toLowerCase()));
  const imageRules = { fileMaxSize: 200 * MiB, formats: ['png', 'jpg'], supportCreateBatch: 1 };
  server.route('/v2/resources/types/listSimpleByGroup', {
    body: envelope([
      {
        code: 'image',
        name: '图片',
        nameEn: 'Image',
        resourceConfig: imageRules,
        children: [
          {
            code: 'image-illustration',
            name: '插画',
            nameEn: 'Illustration',
            resourceConfig: imageRules,
            children: [],
          },
        ],
      },
      {
        code: 'json',
        name: 'JSON',
        nameEn: 'JSON',
        resourceConfig: { fileMaxSize: 200 * MiB, formats: [], supportCreateBatch: 1 },
        children: [],
      },
      {
        code: 'widget',
        name: '插件',
        nameEn: 'Widget',
        resourceConfig: { fileMaxSize: 200 * MiB, formats: ['zip'], supportCreateBatch: 0 },
        children: [],
      },
    ]),
  });
  server.route('/v2/storages/files/upload', (request) => ({
    body: envelope({ sha1: sha1Of(/filename="([^"]+)"/.exec(request.body)?.[1] ?? ''), fileSize: 5 }),
  }));
  server.route('/v2/storages/files/list/info', (request) => ({
    body: envelope([{ sha1: request.query.get('sha1'), metaAnalyzeStatus: 2 }]),
  }));
  server.route('/v2/resources/generateResourceNames', (request) => ({
    body: envelope(generatedNames(request, takenKeys)),
  }));
  server.route('/v2/resources/createBatch', (request) => ({ body: envelope(batchAnswer(request, takenKeys)) }));
  return server;
}

export const png = (name: string) => new File([`bytes of ${name}`], name, { type: 'image/png' });

export const batchRows = () => screen.queryAllByTestId('batch-row');
export const phasesOfRows = () => batchRows().map((row) => row.getAttribute('data-phase'));

export function nameInputs(): HTMLInputElement[] {
  return batchRows().map((row) => row.querySelectorAll('input')[0] as HTMLInputElement);
}

/** Chooses the illustration type. */
export async function chooseType(user: ReturnType<typeof policyUser>, label = '资源类型', option = '插画') {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByTitle(option));
}

export async function waitUntilReady(count: number) {
  await waitFor(() => expect(phasesOfRows()).toEqual(Array.from({ length: count }, () => 'ready')), {
    timeout: 10_000,
  });
}

/** The body createBatch received (the `index`-th call). */
export function sentBatch(server: TestServer, index = 0) {
  const call = requestsTo(server, 'POST', '/v2/resources/createBatch')[index];
  if (!call) throw new Error(`no createBatch call ${index}`);
  return JSON.parse(call.body) as { resourceTypeCode: string; createResourceObjects: Record<string, unknown>[] };
}
