// Avatars (DOMAIN §2.1 headImage): every user has one at /avatars/{userId}, the uploaded image or a
// generated default; uploads are re-encoded to a 256×256 WebP and kept in the database, so every
// server instance serves the same bytes.
import { createHash } from 'node:crypto';
import type { Clock } from '../../platform/clock';
import { badParam } from '../../platform/errors';
import { FILE_FIELD, toAvatarImage } from './avatar-image';
import { defaultAvatarSvg } from './default-avatar';
import type { AvatarOwners } from './owners';
import type { AvatarRepo } from './repo';

export type ServedAvatar = { body: Buffer | string; contentType: string; etag: string };

const SVG_CONTENT_TYPE = 'image/svg+xml; charset=utf-8';

/** The stable address of a user's avatar (clients add `?t=` to defeat caches, SPEC §9). */
export function avatarAddress(userId: number): string {
  return `/avatars/${userId}`;
}

function quotedSha1(content: Buffer | string): string {
  return `"${createHash('sha1').update(content).digest('hex')}"`;
}

export class AvatarService {
  readonly #repo: AvatarRepo;
  readonly #owners: AvatarOwners;
  readonly #clock: Clock;

  constructor(repo: AvatarRepo, owners: AvatarOwners, clock: Clock) {
    this.#repo = repo;
    this.#owners = owners;
    this.#clock = clock;
  }

  /** What /avatars/{userId} serves; undefined when there is no such user. */
  async avatarOf(userId: number): Promise<ServedAvatar | undefined> {
    const stored = await this.#repo.findAvatar(userId);
    if (stored) return { body: stored.image, contentType: stored.mime, etag: `"${stored.sha1}"` };
    const owner = await this.#owners.findOwner(userId);
    if (!owner) return undefined;
    const svg = defaultAvatarSvg(owner);
    return { body: svg, contentType: SVG_CONTENT_TYPE, etag: quotedSha1(svg) };
  }

  /** Makes `file` the user's avatar; answers its address with a time stamp. */
  async upload(userId: number, file: Buffer | undefined): Promise<string> {
    if (!file || file.length === 0) throw badParam(FILE_FIELD, 'required', 'errors.param.required');
    const avatar = await toAvatarImage(file);
    const now = this.#clock.now();
    await this.#repo.saveAvatar({ userId, ...avatar, createDate: now.toISOString(), updateDate: now.toISOString() });
    const address = avatarAddress(userId);
    const owner = await this.#owners.findOwner(userId);
    if (owner && owner.headImage !== address) await this.#owners.setHeadImage(userId, address);
    return `${address}?t=${now.getTime()}`;
  }
}
