// The avatars tables (avatars): row types, merged into Database.

/** The uploaded avatar of a user (a user without one gets a generated image). */
export type AvatarsTable = {
  userId: number;
  /** The image as served: 256×256 WebP without metadata. */
  image: Buffer;
  mime: string;
  /** SHA-1 (hex) of `image`; the ETag. */
  sha1: string;
  width: number;
  height: number;
  createDate: string;
  updateDate: string;
};

declare module '../../platform/db/schema' {
  interface Database {
    avatars: AvatarsTable;
  }
}
