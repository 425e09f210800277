// Demo resources (DEMO_DATA): alice and bob publish resources of every type that has files, with
// real small files, versions (some two), a dependency or two, free and pay-once policies, covers and
// titles and intros in both languages (a reader sees theirs, resources/translations.ts) and bilingual
// tags, so the market finds them by a Chinese and an English keyword.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sampleJson, sampleMarkdown, sampleWav } from '../../platform/files/samples';
import { rainSignal } from './demo-sounds';
import { demoCover } from './demo-covers';
import { storedZip } from '../../platform/http/zip-entries';
import type { CreateResourceBody } from '@tessera/contract/resources';
import type { FileService } from '../files';
import type { IdentityService } from '../identity';
import type { ResourceService } from '../resources';
import type { VersionService } from './service';
import type { CreateVersionBody } from '@tessera/contract/versions';
import { PAPER_THEME_FILES } from './demo-paper-theme';

const FREE_POLICY = 'for public\n\ninitial[active]:\n  terminate';
const PAY_ONCE_POLICY =
  'for public\n\ninitial:\n  ~freelog.TransactionEvent("10.00","self.account") => paid\n\npaid[active]:\n  terminate';
export const DEMO_POLICIES = {
  free: { policyName: '免费 Free', policyText: FREE_POLICY },
  payOnce: { policyName: '一次付费 Pay once', policyText: PAY_ONCE_POLICY },
};

type DemoVersion = {
  version: string;
  filename: string;
  bytes: () => Promise<Buffer> | Buffer;
  description: string;
  extra?: Partial<CreateVersionBody>;
};
/** Chinese is what the owner wrote; English is its translation. */
type Bilingual = { zh: string; en: string };
type DemoResource = {
  owner: 'alice' | 'bob';
  name: string;
  typeCode: string;
  title: Bilingual;
  intro: Bilingual;
  tags: string[];
  policies: (keyof typeof DEMO_POLICIES)[];
  cover: () => Promise<Buffer>;
  versions: DemoVersion[];
  /** Names (same owner) this resource's versions depend on, with their ranges. */
  dependsOn?: { name: string; versionRange: string }[];
  online: boolean;
};

// Each resource's cover is its own drawn scene (demo-covers.ts); the image resource's is its picture.
const cover = (name: string, width: number, height: number) => () => demoCover(name, width, height);
const WIDGET_SCRIPT = 'export function mount(element) {\n  element.textContent = new Date().toLocaleTimeString();\n}\n';

export const DEMO_RESOURCES: readonly DemoResource[] = [
  {
    owner: 'alice',
    name: 'morning-mist',
    typeCode: 'image',
    title: { zh: '山间晨雾', en: 'Morning Mist' },
    intro: { zh: '清晨山谷里的雾气，适合做博客封面。', en: 'A misty valley at dawn, made for blog covers.' },
    tags: ['摄影', '风景', 'landscape'],
    policies: ['free', 'payOnce'],
    cover: cover('morning-mist', 800, 500),
    versions: [
      {
        version: '1.0.0',
        filename: 'morning-mist.png',
        bytes: () => demoCover('morning-mist', 640, 400),
        description: '<p>第一版 First version</p>',
      },
      {
        version: '1.1.0',
        filename: 'morning-mist.png',
        bytes: () => demoCover('morning-mist', 800, 500),
        description: '<p>更高分辨率 Higher resolution</p>',
      },
    ],
    online: true,
  },
  {
    owner: 'alice',
    name: 'space-notes',
    typeCode: 'markdown',
    title: { zh: '星际旅行笔记', en: 'Space Travel Notes' },
    intro: { zh: '一部短篇科幻小说，配有插图。', en: 'A short science-fiction story with an illustration.' },
    tags: ['小说', '科幻', 'sci-fi'],
    policies: ['free'],
    cover: cover('space-notes', 300, 400),
    versions: [
      {
        version: '1.0.0',
        filename: 'space-notes.md',
        bytes: () => sampleMarkdown('星际旅行笔记 / Space Travel Notes'),
        description: '<p>连载第一章 Chapter one</p>',
      },
    ],
    dependsOn: [{ name: 'morning-mist', versionRange: '^1.0.0' }],
    online: true,
  },
  {
    owner: 'alice',
    name: 'rain-sounds',
    typeCode: 'audio',
    title: { zh: '雨声', en: 'Rain Sounds' },
    intro: { zh: '四秒钟的雨声采样，可循环播放。', en: 'A four-second rain loop.' },
    tags: ['音乐', 'ambient'],
    policies: ['payOnce'],
    cover: cover('rain-sounds', 300, 300),
    versions: [
      {
        version: '1.0.0',
        filename: 'rain.wav',
        bytes: () => sampleWav({ seconds: 4, sampleRate: 16000, signal: rainSignal() }),
        description: '<p>循环采样 Loop sample</p>',
      },
    ],
    online: true,
  },
  {
    owner: 'alice',
    name: 'ocean-waves',
    typeCode: 'video',
    title: { zh: '海浪短片', en: 'Ocean Waves' },
    intro: { zh: '海浪拍岸的短视频。', en: 'A short clip of waves on the shore.' },
    tags: ['摄影', 'video'],
    policies: ['free'],
    cover: cover('ocean-waves', 480, 270),
    versions: [
      {
        version: '1.0.0',
        filename: 'ocean-waves.mp4',
        // Made by scripts/make-demo-video.ts; copied beside the compiled server (scripts/lib/build-server.mjs).
        bytes: () => readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'ocean-waves.mp4')),
        description: '<p>四秒钟 Four seconds</p>',
      },
    ],
    online: true,
  },
  {
    owner: 'alice',
    name: 'city-data',
    typeCode: 'json',
    title: { zh: '城市数据', en: 'City Data' },
    intro: { zh: '几个城市的人口数据（示例）。', en: 'Sample population data of a few cities.' },
    tags: ['测试数据', 'open data'],
    policies: ['free'],
    cover: cover('city-data', 320, 240),
    versions: [
      {
        version: '1.0.0',
        filename: 'cities.json',
        bytes: () => sampleJson({ cities: [{ name: '上海', population: 24870000 }] }),
        description: '<p>一个城市 One city</p>',
      },
      {
        version: '1.0.1',
        filename: 'cities.json',
        bytes: () =>
          sampleJson({
            cities: [
              { name: '上海', population: 24870000 },
              { name: '北京', population: 21890000 },
            ],
          }),
        description: '<p>两个城市 Two cities</p>',
      },
    ],
    online: true,
  },
  {
    owner: 'bob',
    name: 'clock-widget',
    typeCode: 'widget',
    title: { zh: '时钟小组件', en: 'Clock Widget' },
    intro: { zh: '在页面上显示当前时间的小组件。', en: 'A widget that shows the current time.' },
    tags: ['开源', 'widget'],
    policies: ['free'],
    cover: cover('clock-widget', 200, 200),
    versions: [
      {
        version: '1.0.0',
        filename: 'clock.js',
        bytes: () => Buffer.from(WIDGET_SCRIPT),
        description: '<p>首个版本 First release</p>',
      },
      {
        version: '1.1.0',
        filename: 'clock.zip',
        bytes: () =>
          storedZip({ 'clock.js': WIDGET_SCRIPT, 'package.json': '{"name":"clock-widget","version":"1.1.0"}' }),
        description: '<p>打包发布 Packaged</p>',
      },
    ],
    online: true,
  },
  {
    owner: 'bob',
    name: 'paper-theme',
    typeCode: 'theme',
    title: { zh: '纸张博客主题', en: 'Paper Blog Theme' },
    intro: {
      zh: '安静的纸张风格博客主题，内置时钟小组件。',
      en: 'A quiet paper-style blog theme with the clock widget.',
    },
    tags: ['开源', 'theme'],
    policies: ['free', 'payOnce'],
    cover: cover('paper-theme', 640, 360),
    versions: [
      {
        version: '1.0.0',
        filename: 'paper-theme.zip',
        bytes: () => storedZip(PAPER_THEME_FILES),
        description: '<p>纸张主题 Paper theme</p>',
        extra: {
          customPropertyDescriptors: [
            {
              key: 'accent',
              name: '主色 Accent',
              defaultValue: 'ink',
              type: 'select',
              candidateItems: ['ink', 'sepia'],
            },
          ],
        },
      },
    ],
    dependsOn: [{ name: 'clock-widget', versionRange: '^1.0.0' }],
    online: true,
  },
  {
    owner: 'bob',
    name: 'intro-slides',
    typeCode: 'reveal_slide',
    title: { zh: '产品介绍幻灯片', en: 'Product Slides' },
    intro: { zh: '用 Markdown 写的演示文稿。', en: 'Slides written in Markdown.' },
    tags: ['slides'],
    policies: ['free'],
    cover: cover('intro-slides', 400, 225),
    versions: [
      {
        version: '1.0.0',
        filename: 'slides.md',
        bytes: () => sampleMarkdown('产品介绍 / Product Slides\n\n---\n\n谢谢 Thanks'),
        description: '<p>两页 Two slides</p>',
      },
    ],
    online: true,
  },
  {
    owner: 'bob',
    name: 'cc-by-license',
    typeCode: 'license',
    title: { zh: '署名许可协议', en: 'Attribution License' },
    intro: { zh: '一份简单的署名许可文本（尚未上架）。', en: 'A plain attribution licence text (not online yet).' },
    tags: ['license'],
    policies: ['free'],
    cover: cover('cc-by-license', 300, 200),
    versions: [
      {
        version: '1.0.0',
        filename: 'license.md',
        bytes: () => sampleMarkdown('署名许可 / Attribution License'),
        description: '<p>草案 Draft</p>',
      },
    ],
    online: false,
  },
];

/** What the demo goes through: the owners, their files and covers, resources and versions. */
export type DemoResourceDeps = {
  identity: Pick<IdentityService, 'findUserByLoginName'>;
  files: Pick<FileService, 'uploadImage' | 'storeBytes'>;
  resources: Pick<ResourceService, 'create' | 'update' | 'translate'>;
  versions: Pick<VersionService, 'create'>;
};

export async function loadDemoResources(services: DemoResourceDeps): Promise<void> {
  const { identity, files, resources, versions } = services;
  const owners = new Map<string, number>();
  for (const username of ['alice', 'bob'] as const) {
    const user = await identity.findUserByLoginName(username);
    if (user) owners.set(username, user.userId);
  }
  const ids = new Map<string, { resourceId: string; policyId: string }>();
  for (const demo of DEMO_RESOURCES) {
    const userId = owners.get(demo.owner);
    if (userId === undefined) continue;
    const image = await files.uploadImage(userId, await demo.cover());
    const body: CreateResourceBody = {
      name: demo.name,
      resourceTypeCode: demo.typeCode,
      resourceTitle: demo.title.zh,
      intro: demo.intro.zh,
      tags: demo.tags,
      coverImages: [image.url],
      policies: demo.policies.map((key) => DEMO_POLICIES[key]),
    };
    const resource = await resources.create(userId, body, 'zh_CN');
    await resources.translate(resource.resourceId, { en_US: { resourceTitle: demo.title.en, intro: demo.intro.en } });
    ids.set(demo.name, { resourceId: resource.resourceId, policyId: resource.policies[0]?.policyId ?? '' });
    const dependencies = (demo.dependsOn ?? []).flatMap((dependency) => {
      const target = ids.get(dependency.name);
      return target
        ? [{ resourceId: target.resourceId, versionRange: dependency.versionRange, policyId: target.policyId }]
        : [];
    });
    for (const version of demo.versions) {
      const file = await files.storeBytes(userId, version.filename, await version.bytes());
      await versions.create(userId, resource.resourceId, {
        version: version.version,
        fileSha1: file.sha1,
        filename: version.filename,
        description: version.description,
        dependencies: dependencies.map(({ resourceId, versionRange }) => ({ resourceId, versionRange })),
        resolveResources: dependencies.map(({ resourceId, policyId }) => ({ resourceId, contracts: [{ policyId }] })),
        ...version.extra,
      });
    }
    if (demo.online) await resources.update(userId, resource.resourceId, { status: 1 }, 'zh_CN');
  }
}
