// Verification codes sent to an e-mail address or a mobile number (API.md §3.9, DOMAIN §2.4).
import type { SendCodeBody, VerifyCodeQuery } from '../messages';
import { endpoint } from '../endpoint';

export const messageEndpoints = {
  send: endpoint<{ body: SendCodeBody; answer: true }>('POST', '/messages/send'),
  verify: endpoint<{ query: VerifyCodeQuery; answer: boolean }>('GET', '/messages/verify'),
};
