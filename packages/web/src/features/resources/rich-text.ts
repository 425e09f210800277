// A version's description is rich text the server sanitises (DOMAIN §2.6). The page keeps to a
// small set of elements and safe addresses as well, so an older or foreign description cannot run
// script here whatever it holds.

const ALLOWED_TAGS = new Set([
  'P',
  'BR',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'S',
  'DEL',
  'BLOCKQUOTE',
  'CODE',
  'PRE',
  'UL',
  'OL',
  'LI',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'A',
  'IMG',
  'HR',
  'SPAN',
  'DIV',
  'TABLE',
  'THEAD',
  'TBODY',
  'TR',
  'TH',
  'TD',
]);
const DROPPED_WITH_CONTENT = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT']);
const SAFE_URL = /^(?:https?:\/\/|\/(?!\/))/i;

function clean(node: Element): void {
  for (const child of [...node.children]) {
    if (DROPPED_WITH_CONTENT.has(child.tagName)) {
      child.remove();
      continue;
    }
    clean(child);
    if (!ALLOWED_TAGS.has(child.tagName)) {
      child.replaceWith(...child.childNodes);
      continue;
    }
    for (const attribute of [...child.attributes]) {
      const keep =
        (child.tagName === 'A' && attribute.name === 'href' && SAFE_URL.test(attribute.value)) ||
        (child.tagName === 'IMG' &&
          (attribute.name === 'alt' || (attribute.name === 'src' && SAFE_URL.test(attribute.value))));
      if (!keep) child.removeAttribute(attribute.name);
    }
    if (child.tagName === 'A') {
      child.setAttribute('target', '_blank');
      child.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  }
}

/** The description as HTML holding only harmless elements and addresses. */
export function safeRichText(html: string): string {
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  clean(document.body);
  return document.body.innerHTML;
}
