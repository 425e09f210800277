// The default theme on a node's host (issue 14): real HTTP answers for the Host of a node site, over
// exhibits made through the services (free and paid markdown, an offline one). The list shows online
// exhibits only with their badges from one batch auth; an exhibit shows its content only when the
// visitor's auth passes, else the sign-in or sign-and-pay button; markdown is sanitised; unknown and
// offline exhibits are 404 to visitors; both languages; a paused node still answers its notice.
// Runs on SQLite and, with DATABASE_URL, on PostgreSQL.
import { ContractPartyIdentityType, NodeVisibility, SESSION_COOKIE, SubjectType, UID_COOKIE } from '@tessera/domain';
import type { NodeWire } from '@tessera/contract/nodes';
import type { PresentableWire } from '@tessera/contract/exhibits';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing';
import { SEED_PAID_POLICY, seedContractPayment } from '../contracts/testing';
import { createExhibit, createTestNode, FREE_EXHIBIT_POLICY } from '../exhibits/testing';
import { SiteBrowser, siteUrl, updateSiteNode, type BrowserAnswer } from '../nodesites/testing';
import { onlineResource } from '../versions/testing';

type Person = { userId: number; username: string; sessionId: string; client: TestClient };

let t: TestApp;
let owner: Person;
let reader: Person;
let node: NodeWire;
let free: PresentableWire;
let paid: PresentableWire;
let offline: PresentableWire;

const FREE_MARKDOWN = '# Free notes\n\nHello **FREECONTENT** <script>alert("x")</script> [bad](javascript:alert(1))';
const PAID_MARKDOWN = '# Paid notes\n\nPAIDCONTENT';
const HOSTILE_TITLE = 'Free <img src=x onerror=alert(1)> notes';

async function signIn(): Promise<Person> {
  const { user, sessionId, client } = await t.login();
  return { userId: user.userId, username: user.username, sessionId, client };
}

/** An online markdown (or slides) exhibit of the owner's own resource, under one exhibit policy. */
async function markdownExhibit(text: string, title: string, policyText: string, online = true, type = 'markdown') {
  const file = await t.services.files.storeBytes(owner.userId, 'notes.md', Buffer.from(text));
  const resource = await onlineResource(
    t,
    owner.client,
    { resourceTypeCode: type },
    { fileSha1: file.sha1, filename: 'notes.md' },
  );
  const exhibit = await createExhibit(owner.client, node.nodeId, resource, {
    presentableTitle: title,
    policies: [{ policyName: 'licence', policyText: encodeURIComponent(policyText) }],
  });
  if (online)
    await t.services.exhibitOnline.setOnlineStatus(owner.userId, exhibit.presentableId, { onlineStatus: 1 }, 'en_US');
  return exhibit;
}

/** A browser, signed in on the platform when a person is given (the site signs on by itself). */
function browserOf(person: Person | null, acceptLanguage = 'en'): SiteBrowser {
  const browser = new SiteBrowser(t);
  browser.acceptLanguage = acceptLanguage;
  if (person) {
    browser.setCookie('localhost', SESSION_COOKIE, person.sessionId);
    browser.setCookie('localhost', UID_COOKIE, String(person.userId));
  }
  return browser;
}

const site = (path = '/') => siteUrl(node.nodeDomain, path);
const exhibitPath = (exhibit: PresentableWire) => `/exhibits/${exhibit.presentableId}`;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn();
  reader = await signIn();
  node = await createTestNode(t, owner.userId, 'theme');
  free = await markdownExhibit(FREE_MARKDOWN, 'Free notes', FREE_EXHIBIT_POLICY);
  // The API refuses markup in titles; a title stored otherwise (older data) must still reach the page as text.
  await t.db
    .updateTable('presentables')
    .set({ presentableTitle: HOSTILE_TITLE })
    .where('presentableId', '=', free.presentableId)
    .execute();
  paid = await markdownExhibit(PAID_MARKDOWN, 'Paid notes', SEED_PAID_POLICY);
  offline = await markdownExhibit('# Hidden', 'Hidden OFFLINETITLE', FREE_EXHIBIT_POLICY, false);
});
afterAll(() => t.close());

describe('the exhibit list at /', () => {
  it('shows the online exhibits only, titles escaped, with free and paid badges from one batch auth', async () => {
    const authorise = vi.spyOn(t.services.exhibitSite, 'authorise');
    const access = vi.spyOn(t.services.exhibitSite, 'access');
    const page = await browserOf(null).navigate(site());
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.text).toContain('Free &lt;img src=x onerror=alert(1)&gt; notes');
    expect(page.text).not.toContain('<img src=x');
    expect(page.text).toContain('Paid notes');
    expect(page.text).not.toContain('OFFLINETITLE');
    expect(page.text).toContain(`href="${exhibitPath(free)}"`);
    expect(page.text).toContain('<span class="badge badge-free">Free</span>');
    expect(page.text).toContain('<span class="badge badge-paid">Paid</span>');
    expect(page.text.match(/<li class="card">/g)).toHaveLength(2);
    expect(authorise).toHaveBeenCalledTimes(1);
    expect(authorise.mock.calls[0]?.[1]).toHaveLength(2);
    expect(access).not.toHaveBeenCalled();
    authorise.mockRestore();
    access.mockRestore();
  });

  it('reads the contracts and trees of a signed-in visitor’s page once, not once per exhibit', async () => {
    const lister = await signIn();
    const calls = [
      vi.spyOn(t.services.contractReads, 'list'),
      vi.spyOn(t.services.versionTrees, 'resolvesOf'),
      vi.spyOn(t.services.nodeQueries, 'findNode'),
    ];
    try {
      const page = await browserOf(lister).navigate(site());
      expect(page.text).toContain(`Signed in as ${lister.username}`);
      // The free exhibit was signed for the visitor by the check itself (DOMAIN §5.4).
      expect(page.text).toContain('<span class="badge badge-licensed">Licensed</span>');
      for (const call of calls) expect(call).toHaveBeenCalledTimes(1);
    } finally {
      for (const call of calls) call.mockRestore();
    }
  });

  it('filters by keywords and type and pages', async () => {
    const browser = browserOf(null);
    const searched = await browser.navigate(site('/?keywords=PAID'));
    expect(searched.text).toContain('Paid notes');
    expect(searched.text).not.toContain('Free &lt;img');
    const images = await browser.navigate(site('/?type=image'));
    expect(images.text).toContain('No exhibits match your search');
    const second = await browser.navigate(site('/?page=2'));
    expect(second.text).not.toContain('Paid notes');
  });

  it('speaks the visitor’s language, with links that switch it', async () => {
    const chinese = await browserOf(null, 'zh-CN').navigate(site());
    expect(chinese.text).toContain('<html lang="zh-CN">');
    expect(chinese.text).toContain('共 2 个展品');
    expect(chinese.text).toContain('href="/_site/locale?lang=en_US&amp;returnPath=%2F"');
    const browser = browserOf(null, 'zh-CN');
    const switched = await browser.navigate(site('/_site/locale?lang=en_US&returnPath=%2F'));
    expect(switched.text).toContain('<html lang="en">');
    expect(switched.text).toContain('placeholder="Keywords"');
  });
});

describe('an exhibit page', () => {
  it('shows a free exhibit to an anonymous visitor, its markdown sanitised, under a CSP with a nonce', async () => {
    const page = await browserOf(null).navigate(site(exhibitPath(free)));
    expect(page.status).toBe(200);
    expect(page.text).toContain('<strong>FREECONTENT</strong>');
    expect(page.text).not.toContain('<script>alert');
    expect(page.text).not.toContain('javascript:');
    expect(page.text).toContain('&lt;script&gt;');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{24}'/);
    expect(csp).toContain("default-src 'none'");
    expect(page.headers['cache-control']).toBe('private, no-store');
  });

  it('gives the slides’ script the nonce of the answer’s CSP', async () => {
    const slides = await markdownExhibit('# One\n\n---\n\n# Two', 'Slides', FREE_EXHIBIT_POLICY, true, 'reveal_slide');
    const page = await browserOf(null).navigate(site(exhibitPath(slides)));
    const nonce = /script-src 'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(nonce).toBeDefined();
    expect(page.text).toContain(`<script nonce="${nonce}">`);
    expect(page.text.match(/<script/g)).toHaveLength(1);
    const again = await browserOf(null).navigate(site(exhibitPath(slides)));
    expect(again.headers['content-security-policy']).not.toBe(page.headers['content-security-policy']);
  });

  it('serves the exhibit’s bytes with Range on the node host', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/v2/auths/exhibits/${node.nodeId}/${free.presentableId}/fileStream`,
      headers: { host: new URL(site()).host, range: 'bytes=0-5' },
    });
    expect(answer.statusCode).toBe(206);
    expect(answer.body).toBe('# Free');
  });

  it('asks an anonymous visitor to sign in for a paid exhibit, and shows nothing of it', async () => {
    const page = await browserOf(null).navigate(site(exhibitPath(paid)));
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('PAIDCONTENT');
    expect(page.text).toContain('Sign in to view it or get a licence.');
    const returnPath = encodeURIComponent(exhibitPath(paid));
    expect(page.text).toContain(`<a class="button" href="/_site/sso/start?returnPath=${returnPath}">Sign in</a>`);
  });

  it('sends a signed-in visitor to the platform to sign and pay, then shows the content once paid', async () => {
    const browser = browserOf(reader);
    const before = await browser.navigate(site(exhibitPath(paid)));
    expect(before.text).toContain(`Signed in as ${reader.username}`);
    expect(before.text).not.toContain('PAIDCONTENT');
    const returnUrl = encodeURIComponent(site(exhibitPath(paid)));
    const signUrl = `http://localhost:8080/exhibit/authorize?nodeId=${node.nodeId}&amp;exhibitId=${paid.presentableId}&amp;returnUrl=${returnUrl}`;
    expect(before.text).toContain(`<a class="button" href="${signUrl}">Sign a licence</a>`);

    const contract = await t.services.contracts.sign(reader.userId, {
      subjectId: paid.presentableId,
      subjectType: SubjectType.Exhibit,
      policyId: paid.policies[0]?.policyId ?? '',
      licenseeId: String(reader.userId),
      licenseeIdentityType: ContractPartyIdentityType.Consumer,
    });
    const due = await browser.navigate(site(exhibitPath(paid)));
    expect(due.text).not.toContain('PAIDCONTENT');
    expect(due.text).toContain(`<a class="button" href="${signUrl}">View contract and pay</a>`);

    await seedContractPayment(t, contract.contractId);
    const after = await browser.navigate(site(exhibitPath(paid)));
    expect(after.text).toContain('PAIDCONTENT');
    expect(after.text).not.toContain('View contract and pay');
    const list = await browser.navigate(site());
    expect(list.text).toContain('<span class="badge badge-licensed">Licensed</span>');
  });

  it('answers 404 for an unknown exhibit, another address, and an offline exhibit except to its owner', async () => {
    const visitor = browserOf(null);
    for (const path of [`/exhibits/${'f'.repeat(24)}`, '/exhibits/not-an-id', '/somewhere', exhibitPath(offline)]) {
      const page = await visitor.navigate(site(path));
      expect(page.status, path).toBe(404);
      expect(page.text).toContain('Page not found');
      expect(page.text).not.toContain('OFFLINETITLE');
    }
    const mine = await browserOf(owner).navigate(site(exhibitPath(offline)));
    expect(mine.status).toBe(200);
    expect(mine.text).toContain('OFFLINETITLE');
  });

  it('uses the stored texts, so operators’ edits show', async () => {
    const key = 'nodesiteTheme.backToList';
    const edit = (en_US: string) => t.db.updateTable('i18n_texts').set({ en_US }).where('key', '=', key).execute();
    await edit('Back to the EDITEDGALLERY');
    await t.services.i18n.reload();
    try {
      expect((await browserOf(null).navigate(site(exhibitPath(free)))).text).toContain('Back to the EDITEDGALLERY');
    } finally {
      await edit('Back to exhibits');
      await t.services.i18n.reload();
    }
  });

  it('is in Chinese for a Chinese visitor', async () => {
    const page = await browserOf(null, 'zh-CN').navigate(site(exhibitPath(paid)));
    expect(page.text).toContain('登录后即可查看或获取授权。');
    expect(page.text).toContain('返回展品列表');
  });
});

describe('a paused or private node', () => {
  it('answers visitors with its notice and shows its owner the site under a banner', async () => {
    await updateSiteNode(t, node.nodeId, {
      visibility: NodeVisibility.Paused,
      nodeSuspendInfo: 'Back <soon>',
    });
    try {
      const visitor: BrowserAnswer = await browserOf(null).navigate(site());
      expect(visitor.status).toBe(503);
      expect(visitor.text).toContain('Back &lt;soon&gt;');
      expect(visitor.text).not.toContain('Paid notes');
      const mine = await browserOf(owner).navigate(site());
      expect(mine.status).toBe(200);
      expect(mine.text).toContain('Paid notes');
      expect(mine.text).toContain(
        '<p class="notice" role="note">This node is paused: visitors see the pause notice, only you see the site.</p>',
      );
    } finally {
      await updateSiteNode(t, node.nodeId, { visibility: NodeVisibility.Public, nodeSuspendInfo: '' });
    }
  });

  it('keeps a private node’s exhibits from visitors, not from its owner', async () => {
    await updateSiteNode(t, node.nodeId, { visibility: NodeVisibility.Private });
    try {
      const visitor = await browserOf(reader).navigate(site(exhibitPath(free)));
      expect(visitor.status).toBe(403);
      expect(visitor.text).not.toContain('FREECONTENT');
      const mine = await browserOf(owner).navigate(site(exhibitPath(free)));
      expect(mine.status).toBe(200);
      expect(mine.text).toContain('FREECONTENT');
      expect(mine.text).toContain('<p class="notice" role="note">This node is private: only you see the site.</p>');
    } finally {
      await updateSiteNode(t, node.nodeId, { visibility: NodeVisibility.Public });
    }
  });
});
