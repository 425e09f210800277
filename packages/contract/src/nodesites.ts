// Wire shapes of the node-site calls (issue 14, node sites): the platform's single sign-on hand-off and
// the one call a node site's pages and theme make about themselves.
import { Type, type Static } from '@sinclair/typebox';

const ReturnPath = Type.String({
  maxLength: 1000,
  description: 'a path on the node site to come back to (starts with one /); anything else means /',
});

export const NodeSiteAuthorizeQuery = Type.Object({
  nodeDomain: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{2,22}[a-z0-9]$', description: 'the node whose site asks' }),
  testSite: Type.Optional(
    Type.Unsafe<0 | 1>({ type: 'integer', enum: [0, 1], description: '1: the test-node site {nodeDomain}.t.{base}' }),
  ),
  challenge: Type.String({
    pattern: '^[A-Za-z0-9_-]{43}$',
    description: 'base64url SHA-256 of the verifier the site keeps in its own cookie',
  }),
  returnPath: Type.Optional(ReturnPath),
  prompt: Type.Optional(
    Type.Union([Type.Literal('none'), Type.Literal('login')], {
      description:
        'login: a signed-out browser goes to the sign-in page first; none (default): it comes back anonymous',
    }),
  ),
});
export type NodeSiteAuthorizeQuery = Static<typeof NodeSiteAuthorizeQuery>;

export const NodeSiteCurrentWire = Type.Object({
  state: Type.String({
    description: 'what the site shows this visitor: frozen, paused, private, testOwnerOnly, testSite, noTheme, site',
  }),
  isTestSite: Type.Boolean(),
  node: Type.Union(
    [
      Type.Object({
        nodeId: Type.Integer(),
        nodeName: Type.String(),
        nodeDomain: Type.String(),
        nodeTitle: Type.String(),
        nodeShortDescription: Type.String(),
        nodeLogo: Type.String(),
      }),
      Type.Null(),
    ],
    { description: 'null unless the visitor may see the site (noTheme, site, testSite)' },
  ),
  nodeSuspendInfo: Type.String({ description: 'the pause notice when state is paused, else empty' }),
  viewer: Type.Union([Type.Object({ userId: Type.Integer(), username: Type.String() }), Type.Null()]),
  isOwner: Type.Boolean(),
  platformUrl: Type.String(),
  signInUrl: Type.String({ description: 'a navigation that signs the visitor in on the platform and comes back' }),
});
export type NodeSiteCurrentWire = Static<typeof NodeSiteCurrentWire>;
