import { formatFileSize } from '@tessera/domain';

/** SPEC §9 / API.md §3.9: what the avatar upload accepts. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

export type AvatarFileProblem = {
  key: 'account.setting.avatar.notImage' | 'account.setting.avatar.tooLarge';
  params: Record<string, string>;
};

/** '5 MB': the limit as people say it. */
export const avatarSizeLimit = () => `${AVATAR_MAX_BYTES / 1024 / 1024} MB`;

/** Why a picked file cannot become an avatar, judged before reading it; null when it can. */
export function avatarFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): AvatarFileProblem | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
    return { key: 'account.setting.avatar.notImage', params: { name: file.name } };
  }
  if (file.size > AVATAR_MAX_BYTES) {
    return {
      key: 'account.setting.avatar.tooLarge',
      params: { name: file.name, size: formatFileSize(file.size), limit: avatarSizeLimit() },
    };
  }
  return null;
}
