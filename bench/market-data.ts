// Many market resources written straight into Tessera's database (users, resources with tags,
// policy bindings and a released version each), shaped like the rows the server writes itself:
// mixed types, Chinese and English titles, intros and tags from word lists, mostly online.
// Deterministic (a seeded generator), so runs compare.
import { md5Hex, resolveResourceType } from '@tessera/domain';
import type { Db } from '../packages/server/src/platform/db/database';
// The tables written here: their row types merge into Db.
import type {} from '../packages/server/src/modules/identity/tables';
import type {} from '../packages/server/src/modules/policies/tables';
import type {} from '../packages/server/src/modules/resources/tables';
import type {} from '../packages/server/src/modules/versions/tables';
import type { NewRow } from '../packages/server/src/platform/db/schema';
import { searchTextOf } from '../packages/server/src/modules/resources/search-text';

const ZH_WORDS = (
  '晨雾 灯塔 星空 森林 河流 山谷 城市 街道 旧梦 微光 海浪 雨夜 花园 古镇 远方 故乡 月光 晚霞 秋叶 雪山 ' +
  '草原 沙漠 湖泊 岛屿 村庄 桥梁 车站 书店 咖啡 茶馆 画室 剧场 舞台 乐队 钢琴 吉他 鼓点 旋律 节奏 歌声 ' +
  '少年 少女 旅人 猫咪 小狗 飞鸟 鲸鱼 狐狸 鹿角 蝴蝶 机器人 宇航员 魔法师 骑士 侦探 厨师 画家 诗人 学生 老师 ' +
  '冒险 奇幻 科幻 悬疑 治愈 温暖 孤独 自由 梦想 记忆 时间 未来 过去 春天 夏天 秋天 冬天 清晨 黄昏 午夜 ' +
  '水彩画 油画 素描 像素风 手绘 线稿 插图 海报 封面 壁纸 图标 字体 排版 配色 光影 构图 摄影集 胶片 镜头 滤镜 ' +
  '教程 笔记 攻略 指南 入门 进阶 实战 案例 模板 素材 合集 系列 连载 短篇 长篇 章节 番外 前传 续集 完结 ' +
  '游戏 关卡 角色 地图 道具 音效 配乐 主题曲 片头 片尾 访谈 纪录片 短视频 直播 回放 剪辑 特效 动画 漫画 条漫 ' +
  '编程 算法 数据 接口 组件 插件 工具 网站 博客 主题 样式 布局 脚本 框架 开源 协议 授权 版本 更新 发布'
).split(' ');

const EN_WORDS = (
  'morning mist lighthouse starry forest river valley city street dream glow wave rainy garden town distant ' +
  'hometown moonlight sunset autumn snowy prairie desert lake island village bridge station bookstore coffee teahouse ' +
  'studio theater stage band piano guitar drum melody rhythm song boy girl traveler kitten puppy bird whale fox ' +
  'butterfly robot astronaut wizard knight detective chef painter poet student teacher adventure fantasy scifi mystery ' +
  'healing warm lonely freedom memory time future past spring summer winter dawn dusk midnight watercolor oil sketch ' +
  'pixel handdrawn lineart illustration poster cover wallpaper icon font typography palette lighting composition ' +
  'photobook film lens filter tutorial notes guide beginner advanced practice template assets collection series ' +
  'chapter episode prequel sequel finale game level character map item sound soundtrack opening ending interview ' +
  'documentary shortfilm stream replay editing effects animation comic webtoon coding algorithm dataset api component ' +
  'plugin tool website blog theme style layout script framework opensource license release update'
).split(' ');

/** Words in about one row in a thousand (a search that matches little). */
const RARE_WORDS = ['zeppelin', '琥珀色'];
const TAGS = [
  '原创',
  '插画',
  '摄影',
  '风景',
  '小说',
  '科幻',
  '音乐',
  '开源',
  '教程',
  'original',
  'draft',
  'free',
  'classic',
  'remix',
  'hd',
  '4k',
  '连载中',
  '已完结',
];
const TYPE_CODES = [
  'markdown-article',
  'markdown-novel',
  'image-illustration',
  'image-photo',
  'image-comic',
  'audio-music',
  'audio-podcast',
  'video',
  'video-short',
  'theme',
  'theme-blog',
  'widget',
  'json',
  'reveal_slide',
  'license',
  'catalog',
];
const COLLECTION = 4;
const ORDINARY = 1;
const CHUNK = 500;
const DAY_MS = 24 * 3600_000;
/** The versions module's id of a version (modules/versions/create.ts versionIdOf). */
const versionIdOf = (resourceId: string, version: string): string => md5Hex(`${resourceId}-${version}`);

/** mulberry32: small, fast and good enough for picking words. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Pick = { <T>(items: readonly T[]): T; between(min: number, max: number): number; chance(p: number): boolean };

function picker(seed: number): Pick {
  const next = generator(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return Object.assign(pick, {
    between: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
  });
}

function words(pick: Pick, list: readonly string[], count: number, joiner: string): string {
  const chosen: string[] = [];
  for (let index = 0; index < count; index += 1) chosen.push(pick(list));
  if (pick.chance(0.0005)) chosen.splice(pick.between(0, chosen.length), 0, pick(RARE_WORDS));
  return chosen.join(joiner);
}

async function insertChunked<
  T extends 'users' | 'resources' | 'resource_tags' | 'resource_policies' | 'resource_versions',
>(db: Db, table: T, rows: NewRow<T>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + CHUNK) as never)
      .execute();
  }
}

export type MarketData = { resources: number; sample: { resourceId: string; resourceName: string } };

/**
 * Adds `count` resources owned by `owners` new users, after the demo data the server loaded (its
 * policies and one of its versions are the templates).
 */
export async function addMarketResources(db: Db, count: number, owners = 300): Promise<MarketData> {
  const pick = picker(20261121);
  const template = await db.selectFrom('users').selectAll().orderBy('userId').executeTakeFirstOrThrow();
  const policies = await db
    .selectFrom('policies')
    .select('policyId')
    .where('subjectType', '=', 1)
    .orderBy('policyId')
    .limit(3)
    .execute();
  const version = await db.selectFrom('resource_versions').selectAll().orderBy('versionId').executeTakeFirstOrThrow();
  if (policies.length === 0) throw new Error('the demo data has no resource policy');
  const now = Date.now();
  const iso = (time: number) => new Date(time).toISOString();

  await insertChunked(
    db,
    'users',
    Array.from({ length: owners }, (_, index) => ({
      username: `maker-${index + 1}`,
      email: '',
      mobile: '',
      userType: template.userType,
      userRole: template.userRole,
      status: 0,
      headImage: '',
      passwordHash: template.passwordHash,
      createDate: iso(now),
      updateDate: iso(now),
    })),
  );
  const users = await db
    .selectFrom('users')
    .select(['userId', 'username'])
    .where('username', 'like', 'maker-%')
    .execute();

  let sample: MarketData['sample'] | undefined;
  for (let start = 0; start < count; start += CHUNK * 4) {
    const resources: NewRow<'resources'>[] = [];
    const tags: NewRow<'resource_tags'>[] = [];
    const bindings: NewRow<'resource_policies'>[] = [];
    const versions: NewRow<'resource_versions'>[] = [];
    for (let index = start; index < Math.min(count, start + CHUNK * 4); index += 1) {
      const user = pick(users);
      const chinese = pick.chance(0.5);
      const list = chinese ? ZH_WORDS : EN_WORDS;
      const joiner = chinese ? '' : ' ';
      const type = resolveResourceType(pick(TYPE_CODES));
      if (!type) throw new Error('unknown type code in the bench list');
      const created = now - pick.between(1, 700) * DAY_MS - pick.between(0, DAY_MS);
      const updated = Math.min(now, created + pick.between(0, 60) * DAY_MS);
      const resourceId = `${Math.floor(created / 1000)
        .toString(16)
        .padStart(8, '0')}${index.toString(16).padStart(16, '0')}`;
      const name = `${pick(EN_WORDS)}-${index}`;
      const resourceName = `${user.username}/${name}`;
      const resourceTitle = words(pick, list, pick.between(2, 4), joiner);
      const intro = words(pick, pick.chance(0.1) ? EN_WORDS : list, pick.between(6, 12), chinese ? '，' : ' ');
      const rowTags = [
        ...new Set(Array.from({ length: pick.between(0, 3) }, () => (pick.chance(0.5) ? pick(TAGS) : pick(list)))),
      ];
      const roll = pick.between(1, 100);
      const status = roll <= 5 ? 0 : roll <= 13 ? 4 : 1;
      const isFrozen = status === 1 && pick.chance(0.02) ? 1 : 0;
      const released = status !== 0;
      const versionId = versionIdOf(resourceId, '1.0.0');
      resources.push({
        resourceId,
        resourceName,
        resourceNameKey: resourceName.toLowerCase(),
        resourceTitle,
        resourceType: JSON.stringify(type.resourceType),
        resourceTypeCode: type.resourceTypeCode,
        customTypeName: type.customTypeName,
        userId: user.userId,
        username: user.username,
        intro,
        coverImages: JSON.stringify(pick.chance(0.7) ? [`https://images.example.com/${resourceId}.png`] : []),
        tags: JSON.stringify(rowTags),
        subjectType: type.resourceTypeCode === 'catalog' ? COLLECTION : ORDINARY,
        status,
        isFrozen,
        latestVersion: released ? '1.0.0' : '',
        resourceVersions: JSON.stringify(released ? [{ version: '1.0.0', versionId, createDate: iso(created) }] : []),
        baseUpcastResources: '[]',
        searchText: searchTextOf({ resourceName, resourceTitle, intro, tags: rowTags }),
        createDate: iso(created),
        updateDate: iso(updated),
      });
      for (const tag of rowTags) tags.push({ resourceId, tag });
      const bound = policies.slice(0, pick.between(1, Math.min(2, policies.length)));
      bound.forEach((policy, order) =>
        bindings.push({
          resourceId,
          policyId: policy.policyId,
          policyName: `plan${order + 1}`,
          policyNameKey: `plan${order + 1}`,
          status: 1,
          sortNo: order + 1,
          createDate: iso(created),
          updateDate: iso(created),
        }),
      );
      if (released)
        versions.push({
          ...version,
          versionId,
          resourceId,
          userId: user.userId,
          version: '1.0.0',
          createDate: iso(created),
          updateDate: iso(created),
        });
      if (!sample && status === 1 && !isFrozen) sample = { resourceId, resourceName };
    }
    await db.transaction().execute(async (trx) => {
      await insertChunked(trx, 'resources', resources);
      await insertChunked(trx, 'resource_tags', tags);
      await insertChunked(trx, 'resource_policies', bindings);
      await insertChunked(trx, 'resource_versions', versions);
    });
  }
  if (!sample) throw new Error('no online resource was generated');
  return { resources: count, sample };
}
