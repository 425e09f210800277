// Demo storage (DEMO_DATA): the demo user alice keeps a bucket of small real files — an image, a
// Markdown text, JSON data, an audio clip — stored and analysed by the files module like uploads.
import { sampleImage, sampleJson, sampleMarkdown, sampleSvg, sampleWav } from '../../platform/files/samples';
import type { FileCatalog } from '../files';
import type { IdentityService } from '../identity';
import type { StorageService } from './service';

export const DEMO_BUCKET = 'demo-files';
export const DEMO_STORAGE_OWNER = 'alice';

type DemoObject = { objectName: string; resourceType?: string; bytes: () => Promise<Buffer> | Buffer };

export const DEMO_OBJECTS: readonly DemoObject[] = [
  { objectName: 'cover.png', resourceType: 'image', bytes: () => sampleImage('png', { width: 320, height: 200 }) },
  { objectName: 'logo.svg', resourceType: 'image', bytes: () => sampleSvg() },
  { objectName: 'readme.md', resourceType: 'markdown', bytes: () => sampleMarkdown('Tessera 演示文件 / Demo files') },
  {
    objectName: 'settings.json',
    resourceType: 'json',
    bytes: () => sampleJson({ theme: 'light', columns: 3, tags: ['demo', '演示'] }),
  },
  { objectName: 'tone.wav', resourceType: 'audio', bytes: () => sampleWav({ seconds: 1 }) },
  { objectName: 'notes.txt', bytes: () => Buffer.from('Notes without a type yet.\n还没有类型的笔记。\n') },
];

export type DemoStorageDeps = {
  identity: Pick<IdentityService, 'findUserByLoginName'>;
  files: FileCatalog;
  storage: StorageService;
};

export async function loadDemoStorage({ identity, files, storage }: DemoStorageDeps): Promise<void> {
  const owner = await identity.findUserByLoginName(DEMO_STORAGE_OWNER);
  if (!owner) return;
  await storage.createBucket(owner.userId, DEMO_BUCKET);
  for (const object of DEMO_OBJECTS) {
    const file = await files.storeBytes(owner.userId, object.objectName, await object.bytes());
    await storage.createObject(owner.userId, DEMO_BUCKET, {
      objectName: object.objectName,
      sha1: file.sha1,
      resourceType: object.resourceType,
    });
  }
  // One object shows what the details drawer edits: custom properties and a dependency.
  await storage.updateObject(owner.userId, `${DEMO_BUCKET}/readme.md`, {
    customPropertyDescriptors: [
      {
        key: 'language',
        name: 'Language',
        defaultValue: 'zh_CN',
        type: 'select',
        candidateItems: ['zh_CN', 'en_US'],
        remark: 'shown first',
      },
      { key: 'author', name: 'Author', defaultValue: 'alice', type: 'readonlyText' },
    ],
    dependencies: [{ name: `${DEMO_BUCKET}/cover.png`, type: 'object' }],
  });
}
