// The third-party feature's public entry: what the account pages use. Its pages load through
// third-party-pages.ts (one lazy chunk).
export { ThirdPartySignIn } from './ThirdPartySignIn';
export { registerOrBind } from './third-party-api';
