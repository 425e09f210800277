// Market categories (the market's category filter, `operationCategoryCode`): groups of categories,
// each defined by type codes (with everything below them) and/or operation tags. A resource is in a
// category when its type is under one of the codes (if any are given) and it carries one of the
// tags (if any are given). Platform data, like the type catalogue; edited in code for now.
import type { ResourceTypeNames } from '@tessera/domain';

export type OperationCategory = {
  code: string;
  names: ResourceTypeNames;
  resourceTypeCodes: string[];
  tags: string[];
};

export type OperationCategoryGroup = { code: string; names: ResourceTypeNames; children: OperationCategory[] };

const category = (
  code: string,
  zh_CN: string,
  en_US: string,
  resourceTypeCodes: string[],
  tags: string[] = [],
): OperationCategory => ({
  code,
  names: { zh_CN, en_US },
  resourceTypeCodes,
  tags,
});

export const OPERATION_CATEGORY_GROUPS: readonly OperationCategoryGroup[] = [
  {
    code: 'featured',
    names: { zh_CN: '精选', en_US: 'Featured' },
    children: [category('featured-editors', '编辑推荐', "Editors' choice", [], ['编辑推荐'])],
  },
  {
    code: 'reading',
    names: { zh_CN: '阅读', en_US: 'Reading' },
    children: [
      category('reading-novels', '小说', 'Novels', ['markdown-novel']),
      category('reading-articles', '文章', 'Articles', ['markdown-article']),
      category('reading-slides', '演示文稿', 'Slides', ['reveal_slide']),
    ],
  },
  {
    code: 'pictures',
    names: { zh_CN: '图像', en_US: 'Pictures' },
    children: [
      category('pictures-illustrations', '插画', 'Illustrations', ['image-illustration']),
      category('pictures-photos', '摄影', 'Photography', ['image-photo']),
      category('pictures-comics', '漫画', 'Comics', ['image-comic']),
    ],
  },
  {
    code: 'media',
    names: { zh_CN: '影音', en_US: 'Sound and video' },
    children: [
      category('media-music', '音乐', 'Music', ['audio-music']),
      category('media-podcasts', '播客', 'Podcasts', ['audio-podcast']),
      category('media-videos', '视频', 'Videos', ['video']),
    ],
  },
  {
    code: 'sites',
    names: { zh_CN: '建站', en_US: 'Site building' },
    children: [
      category('sites-themes', '主题', 'Themes', ['theme']),
      category('sites-widgets', '插件', 'Widgets', ['widget']),
    ],
  },
];

/** The categories a code names: a group stands for all of its categories. Empty when unknown. */
export function operationCategoriesOf(code: string): OperationCategory[] {
  for (const group of OPERATION_CATEGORY_GROUPS) {
    if (group.code === code) return group.children;
    const child = group.children.find((item) => item.code === code);
    if (child) return [child];
  }
  return [];
}
