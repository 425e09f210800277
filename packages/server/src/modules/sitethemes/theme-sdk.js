// Tessera theme SDK (documented in THEMES.md). A theme app loads it from its node's host:
//   <script src="/_site/sdk.js"></script>   →   window.Tessera
// It only calls what a node's host answers (nodesites/api-surface.ts): the node's own exhibits and
// their auth results, the site's own calls. Signing and paying happen on the platform, in its own
// page (/exhibit/authorize), which the theme sends the visitor to and never reads.
/* global window, document, location, TESSERA_SITE */
(function (site) {
  'use strict';
  const nodeId = site.nodeId;

  class TesseraError extends Error {
    constructor(errCode, message, data) {
      super(message);
      this.name = 'TesseraError';
      this.errCode = errCode;
      this.data = data;
    }
  }

  /** GET a /v2 call of this site; answers the envelope's data, throws TesseraError for an errCode. */
  async function get(path, query) {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query || {}))
      if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
    const text = search.toString();
    const response = await fetch(text ? `${path}?${text}` : path, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    const envelope = await response.json();
    if (envelope.errCode !== 0) throw new TesseraError(envelope.errCode, envelope.msg, envelope.data);
    return envelope.data;
  }

  function summaryOf(view) {
    return {
      exhibitId: view.exhibitId,
      exhibitName: view.exhibitName,
      title: view.exhibitTitle || view.exhibitName,
      intro: view.exhibitIntro,
      coverImages: view.coverImages,
      tags: view.tags,
      resourceType: view.articleInfo.resourceType,
      version: view.version,
    };
  }

  let currentSite;

  /** The node, what the site shows this visitor, and who the visitor is (cached for the page's life). */
  function current() {
    currentSite = currentSite || get('/v2/nodeSites/current');
    return currentSite;
  }

  /** The site's language rule: its cookie, else the first Chinese or English preference (others: en_US), else zh_CN. */
  function language() {
    const cookie = /(?:^|;\s*)locale=(zh_CN|en_US)/.exec(document.cookie);
    if (cookie) return cookie[1];
    const preferences = (navigator.languages || [navigator.language]).filter(Boolean);
    for (const wanted of preferences) {
      if (/^zh/i.test(wanted)) return 'zh_CN';
      if (/^en/i.test(wanted)) return 'en_US';
    }
    return preferences.length > 0 ? 'en_US' : 'zh_CN';
  }

  /** Switches the site's language (a navigation; the page comes back in it). */
  function setLanguage(lang) {
    const returnPath = location.pathname + location.search;
    location.assign(`/_site/locale?${new URLSearchParams({ lang, returnPath })}`);
  }

  /** A page of the node's online exhibits (themes left out), newest first. */
  async function listExhibits(options) {
    const { page = 1, limit = 20, keywords = '', type = '' } = options || {};
    const answer = await get(`/v2/exhibits/${nodeId}`, {
      skip: (page - 1) * limit,
      limit,
      keywords,
      articleResourceTypes: type,
      omitArticleResourceType: 'theme',
    });
    return { total: answer.totalItem, page, limit, exhibits: answer.dataList.map(summaryOf) };
  }

  /** One exhibit (null when the node has no such online exhibit) and this visitor's auth result for it. */
  async function getExhibit(exhibitId) {
    const id = encodeURIComponent(exhibitId);
    const [view, result] = await Promise.all([
      get(`/v2/exhibits/${nodeId}/${id}`),
      get(`/v2/auths/exhibits/${nodeId}/${id}/result`),
    ]);
    return {
      exhibit: view ? summaryOf(view) : null,
      auth: {
        isAuth: result.isAuth,
        authCode: result.authCode,
        defaulterIdentityType: result.defaulterIdentityType,
        errorMsg: result.errorMsg,
      },
    };
  }

  /** The address of the exhibit's content (or a file inside its package), for <img src>, fetch, … */
  function fileUrl(exhibitId, subFilePath) {
    const base = `/v2/auths/exhibits/${nodeId}/${encodeURIComponent(exhibitId)}/fileStream`;
    return subFilePath ? `${base}?${new URLSearchParams({ subFilePath })}` : base;
  }

  /** The content's Response; throws TesseraError when the visitor is not authorised for it. */
  async function fetchFile(exhibitId, subFilePath) {
    const response = await fetch(fileUrl(exhibitId, subFilePath), { credentials: 'same-origin' });
    const type = response.headers.get('content-type') || '';
    if (type.startsWith('application/json') && !(subFilePath || '').endsWith('.json')) {
      const envelope = await response.clone().json();
      if (envelope && typeof envelope.errCode === 'number' && envelope.data && envelope.data.isAuth === false)
        throw new TesseraError(3, envelope.msg || 'not authorised', envelope.data);
    }
    return response;
  }

  /** Sends the visitor to sign in on the platform; they come back to this page signed in on the site. */
  function signIn() {
    const returnPath = location.pathname + location.search;
    location.assign(`/_site/sso/start?${new URLSearchParams({ returnPath })}`);
  }

  /**
   * Sends the visitor to the platform's dialog to sign or pay for an exhibit; it comes back to this
   * page (returnUrl) when done. `{ popup: true }` opens it in a new window the theme cannot reach.
   */
  async function requestAuthorization(exhibitId, options) {
    const { platformUrl } = await current();
    const query = new URLSearchParams({ nodeId: String(nodeId), exhibitId, returnUrl: location.href });
    const url = `${platformUrl}/exhibit/authorize?${query}`;
    if (options && options.popup) window.open(url, '_blank', 'noopener,noreferrer');
    else location.assign(url);
  }

  window.Tessera = Object.freeze({
    version: 1,
    nodeId,
    TesseraError,
    current,
    language,
    setLanguage,
    listExhibits,
    getExhibit,
    fileUrl,
    fetchFile,
    signIn,
    requestAuthorization,
  });
})(TESSERA_SITE);
