// The signed-in user's avatar (API.md §3.13); the picture itself is GET /avatars/{userId}, outside /v2.
import { endpoint } from '../endpoint';

export const avatarEndpoints = {
  /** Multipart field `file`; answers the new avatar address with a time stamp. */
  upload: endpoint<{ body: FormData; answer: string }>('POST', '/users/current/uploadHeadImg'),
};
