import { createHash } from 'node:crypto';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { BucketWire, DependencyBody, ObjectWire } from '@tessera/contract/storage';
import { isBucketName, type Language } from '@tessera/domain';
import { createTestServices, renderApp } from '../../testing/render-app';
import {
  envelope,
  startTestServer,
  type RecordedRequest,
  type TestAnswer,
  type TestServer,
} from '../../testing/test-server';
import { accountUser } from '../account/testing';

// Helpers of the storage page tests (tests only): a small storage back end answering the calls of
// API.md §3.4 from memory over the real test server, so that a test reads like a person's session.

export const GiB = 1024 ** 3;
const DAY = '2026-03-01T08:30:00.000Z';

export const sha1Of = (text: string) => createHash('sha1').update(text).digest('hex');

export interface StoredFile {
  fileSize: number;
  /** What successive analysis checks answer; the last one repeats. */
  statuses: number[];
  analyseError?: string;
}

export interface FakeStorageOptions {
  buckets?: Record<string, ObjectWire[]>;
  storageLimit?: number;
}

let nextId = 1;
const objectId = () => `6650a1c2e4b0f3d9${(nextId++).toString(16).padStart(8, '0')}`;
const USER_ID = 10001;
/** Bucket ids are not looked at by the page: one made from the name. */
const bucketIdOf = (bucketName: string) => createHash('sha1').update(bucketName).digest('hex').slice(0, 24);

/** An object as the server answers it. */
export function storageObject(bucketName: string, objectName: string, overrides: Partial<ObjectWire> = {}): ObjectWire {
  const fileSize = overrides.fileSize ?? 2048;
  return {
    objectId: objectId(),
    objectName,
    bucketId: bucketIdOf(bucketName),
    bucketName,
    userId: USER_ID,
    sha1: sha1Of(objectName),
    fileSize,
    resourceType: [],
    resourceTypeCode: '',
    systemProperty: { fileSize, mime: 'image/png', width: 640, height: 480 },
    customPropertyDescriptors: [],
    customProperty: {},
    dependencies: [],
    createDate: DAY,
    updateDate: DAY,
    ...overrides,
  };
}

/** The back end's memory: buckets with their objects, and the files stored by sha1. */
export class FakeStorage {
  readonly buckets = new Map<string, ObjectWire[]>();
  readonly files = new Map<string, StoredFile>();
  storageLimit: number;
  /** Statuses a newly uploaded file's analysis answers (default: done at the first check). */
  analysisOfUploads: number[] = [2];
  /** Dependencies naming this object make the cycle check answer false. */
  cycleWith: string | null = null;
  /** Fields the next object save is refused for (errCode 4), as the server names them. */
  refusedFields: { field: string; message: string }[] = [];

  constructor({ buckets = {}, storageLimit = 5 * GiB }: FakeStorageOptions = {}) {
    for (const [name, objects] of Object.entries(buckets)) this.buckets.set(name, objects);
    this.storageLimit = storageLimit;
  }

  objects(bucketName: string): ObjectWire[] {
    return this.buckets.get(bucketName) ?? [];
  }

  bucketWire(name: string): BucketWire {
    const objects = this.objects(name);
    return {
      bucketId: bucketIdOf(name),
      bucketName: name,
      bucketType: 1,
      userId: USER_ID,
      totalFileQuantity: objects.length,
      totalFileSize: objects.reduce((sum, object) => sum + object.fileSize, 0),
      createDate: DAY,
      updateDate: DAY,
    };
  }

  usedBytes(): number {
    return [...this.buckets.keys()].reduce((sum, name) => sum + this.bucketWire(name).totalFileSize, 0);
  }

  find(objectId: string): ObjectWire | undefined {
    return [...this.buckets.values()].flat().find((object) => object.objectId === objectId);
  }

  /** Answers the storage calls; anything else falls through to `fallback`. */
  answer(request: RecordedRequest): TestAnswer {
    const path = request.path
      .replace(/^\/v2\/storages\//, '')
      .split('/')
      .map(decodeURIComponent);
    const [area, first, second, third] = path;
    if (area === 'buckets' && first === undefined)
      return request.method === 'POST' ? this.createBucket(request) : this.listBuckets();
    if (area === 'buckets' && first === 'spaceStatistics') {
      return ok({ storageLimit: this.storageLimit, bucketCount: this.buckets.size, totalFileSize: this.usedBytes() });
    }
    if (area === 'buckets' && first !== undefined && second === undefined && request.method === 'DELETE')
      return this.deleteBucket(first, request);
    if (area === 'buckets' && first !== undefined && second === 'objects' && third === undefined) {
      return request.method === 'POST' ? this.createObject(first, request) : this.listObjects(first, request);
    }
    if (
      area === 'buckets' &&
      first !== undefined &&
      second === 'objects' &&
      third !== undefined &&
      request.method === 'DELETE'
    ) {
      const ids = third.split(',');
      this.buckets.set(
        first,
        this.objects(first).filter((object) => !ids.includes(object.objectId)),
      );
      return ok(true);
    }
    if (area === 'objects' && first === 'list') {
      const names = (request.query.get('fullObjectNames') ?? '').split(',');
      return ok(
        [...this.buckets.values()]
          .flat()
          .filter((object) => names.includes(`${object.bucketName}/${object.objectName}`)),
      );
    }
    if (area === 'objects' && first !== undefined && second === 'cycleDependencyCheck') {
      const { dependencies } = JSON.parse(request.body) as { dependencies: DependencyBody[] };
      return ok(!dependencies.some((dependency) => dependency.name === this.cycleWith));
    }
    if (area === 'objects' && first !== undefined && second === undefined) {
      const object = this.find(first);
      if (!object) return refuse(2, '对象不存在');
      const refused = request.method === 'PUT' ? this.refusedFields.splice(0) : [];
      if (refused.length > 0)
        return {
          body: envelope(
            refused.map((item) => ({ ...item, code: 'x' })),
            { errCode: 4, msg: '参数校验失败' },
          ),
        };
      if (request.method === 'PUT')
        Object.assign(object, JSON.parse(request.body), { updateDate: '2026-03-02T09:00:00.000Z' });
      return ok(object);
    }
    if (area === 'files' && first === 'fileIsExist') {
      const sha1 = request.query.get('sha1') ?? '';
      return ok([{ sha1, isExisting: this.files.has(sha1) }]);
    }
    if (area === 'files' && first === 'upload') return this.upload(request);
    if (area === 'files' && first === 'list' && second === 'info') {
      const sha1 = request.query.get('sha1') ?? '';
      const file = this.files.get(sha1);
      if (!file) return ok([{ sha1 }]);
      const status = file.statuses.length > 1 ? file.statuses.shift() : file.statuses[0];
      return ok([
        {
          sha1,
          fileSize: file.fileSize,
          metaAnalyzeStatus: status,
          analyseError: status === 3 ? file.analyseError : undefined,
        },
      ]);
    }
    return { body: envelope(null, { errCode: 8, msg: 'route not found' }) };
  }

  private listBuckets(): TestAnswer {
    return ok([...this.buckets.keys()].sort().map((name) => this.bucketWire(name)));
  }

  private createBucket(request: RecordedRequest): TestAnswer {
    const { bucketName } = JSON.parse(request.body) as { bucketName: string };
    if (!isBucketName(bucketName)) return refuse(4, 'bucketName: 名称不符合规则');
    if (this.buckets.size >= 5) return refuse(2, '最多只能创建 5 个存储桶');
    if (this.buckets.has(bucketName) || bucketName === 'taken') return refuse(2, '存储桶名称已被占用');
    // A refusal naming its field (errCode 4), as the server's schema and rules answer.
    if (bucketName === 'reserved')
      return {
        body: envelope([{ field: 'bucketName', code: 'reserved', message: '该名称为系统保留' }], {
          errCode: 4,
          msg: '参数校验失败',
        }),
      };
    this.buckets.set(bucketName, []);
    return ok(this.bucketWire(bucketName));
  }

  private deleteBucket(name: string, request: RecordedRequest): TestAnswer {
    if (this.objects(name).length > 0 && request.query.get('force') !== '1') return refuse(2, '存储桶中还有对象');
    this.buckets.delete(name);
    return ok(true);
  }

  private listObjects(bucketName: string, request: RecordedRequest): TestAnswer {
    const skip = Number(request.query.get('skip') ?? 0);
    const limit = Number(request.query.get('limit') ?? 10);
    const keywords = (request.query.get('keywords') ?? '').toLowerCase();
    const [field = 'createDate', order = '-1'] = (request.query.get('sort') ?? '').split(':');
    const matching = this.objects(bucketName).filter((object) => object.objectName.toLowerCase().includes(keywords));
    const valueOf = (object: ObjectWire) => String((object as unknown as Record<string, unknown>)[field] ?? '');
    const sorted = [...matching].sort(
      (a, b) => (valueOf(a) < valueOf(b) ? -1 : valueOf(a) > valueOf(b) ? 1 : 0) * Number(order),
    );
    return ok({ skip, limit, totalItem: matching.length, dataList: sorted.slice(skip, skip + limit) });
  }

  private createObject(bucketName: string, request: RecordedRequest): TestAnswer {
    const { objectName, sha1 } = JSON.parse(request.body) as { objectName: string; sha1: string };
    const file = this.files.get(sha1);
    if (!file) return refuse(2, '文件不存在');
    const objects = this.objects(bucketName);
    const existing = objects.find((object) => object.objectName === objectName);
    if (existing) {
      Object.assign(existing, {
        sha1,
        fileSize: file.fileSize,
        systemProperty: { fileSize: file.fileSize, mime: 'text/plain' },
      });
      return ok(existing);
    }
    const object = storageObject(bucketName, objectName, {
      sha1,
      fileSize: file.fileSize,
      systemProperty: { fileSize: file.fileSize, mime: 'text/plain' },
    });
    this.buckets.set(bucketName, [...objects, object]);
    return ok(object);
  }

  private upload(request: RecordedRequest): TestAnswer {
    const content = multipartFile(request);
    const sha1 = sha1Of(content);
    const fileSize = Buffer.byteLength(content);
    this.files.set(sha1, {
      fileSize,
      statuses: [...this.analysisOfUploads],
      analyseError: 'the bytes are not a PNG image',
    });
    return ok({ sha1, fileSize });
  }
}

const ok = (data: unknown): TestAnswer => ({ body: envelope(data) });
const refuse = (errCode: number, msg: string): TestAnswer => ({ body: envelope(null, { errCode, msg }) });

/** The content of the multipart field `file` (text files only). */
export function multipartFile(request: RecordedRequest): string {
  const boundary = /boundary=(.+)$/.exec(String(request.headers['content-type']))?.[1] ?? '';
  const part = request.body.split(`--${boundary}`).find((chunk) => chunk.includes('name="file"')) ?? '';
  return part.slice(part.indexOf('\r\n\r\n') + 4, part.lastIndexOf('\r\n'));
}

/** A server with a signed-in user and the fake storage behind /v2/storages. */
export async function startStorageServer(
  options: FakeStorageOptions = {},
): Promise<{ server: TestServer; storage: FakeStorage }> {
  const storage = new FakeStorage(options);
  const server = await startTestServer({
    '/v2/users/current': { body: envelope(accountUser()) },
    '/v2/storages/*': (request) => storage.answer(request),
  });
  return { server, storage };
}

/** Opens `path` signed in and waits for the page heading. */
export async function openStorage(server: TestServer, path = '/storage', language: Language = 'zh_CN') {
  document.cookie = 'uid=10001; path=/';
  const view = renderApp(path, createTestServices(server, { language }));
  await screen.findByText(language === 'zh_CN' ? '存储空间' : 'Storage', { selector: 'h1' });
  return view;
}

// Role queries look at the computed style of every element, which under antd's many style rules
// makes them slow in jsdom; the tests below use them inside small containers (a dialog, a row)
// and find larger things by text, label or test id.

/** The element with that text inside a link (an object's name, a bucket's name …). */
export const findLink = (text: string) => screen.findByText(text, { selector: 'a, a *' });

/** The table row of the object with that name. */
export const rowOf = (objectName: string) =>
  screen.getByText(objectName, { selector: 'a' }).closest('tr') as HTMLElement;

export function requestsTo(server: TestServer, method: string, path: string): RecordedRequest[] {
  return server.requests.filter((request) => request.method === method && request.path === path);
}

/**
 * The open dialog with that title. antd names a dialog with a generated id that is the same
 * ('test-id') for every antd element under test, so the title is looked up instead of the name.
 */
export async function findDialog(title: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = dialogs().find(
      (dialog) => dialog.querySelector('.ant-modal-title, .ant-drawer-title')?.textContent === title,
    );
    expect(found).toBeTruthy();
  });
  return found as HTMLElement;
}

export function queryDialog(title: string): HTMLElement | undefined {
  return dialogs().find((dialog) => dialog.querySelector('.ant-modal-title, .ant-drawer-title')?.textContent === title);
}

const dialogs = () => [...document.querySelectorAll<HTMLElement>('[role="dialog"]')];

/**
 * A person at the keyboard and mouse. The pointer-events check asks jsdom for the computed style of
 * every element under the pointer, which costs seconds under antd's style rules; the page sets no
 * `pointer-events: none` on anything it asks to click.
 */
export const person = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

/** An accessible name as antd writes it: a space may sit between two Chinese characters ('重 试'). */
export function named(text: string): RegExp {
  const escaped = [...text].map((character) => character.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('\\s?')}$`);
}

/** Translation keys of the storage page that show instead of their text. */
export function rawStorageKeys(text: string | null): string[] {
  return (text ?? '').match(/\b(?:storagePage|common|validation)\.[A-Za-z]+(?:\.[A-Za-z0-9]+)*/g) ?? [];
}
