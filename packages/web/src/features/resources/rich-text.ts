// A version's description is rich text the server sanitises (DOMAIN §2). The page cleans it again to
// the same allow-list (@tessera/domain), so an older or foreign description cannot run script here.
import { RICH_TEXT_DROPPED, RICH_TEXT_LINK_ATTRIBUTES, RICH_TEXT_TAGS, keepsRichTextAttribute } from '@tessera/domain';

const ALLOWED = new Set(RICH_TEXT_TAGS);
const DROPPED = new Set(RICH_TEXT_DROPPED);

function clean(node: Element): void {
  for (const child of [...node.children]) {
    const tag = child.tagName.toLowerCase();
    if (DROPPED.has(tag) || child.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
      child.remove();
      continue;
    }
    clean(child);
    if (!ALLOWED.has(tag)) {
      child.replaceWith(...child.childNodes);
      continue;
    }
    for (const attribute of [...child.attributes])
      if (!keepsRichTextAttribute(tag, attribute.name, attribute.value)) child.removeAttribute(attribute.name);
    if (tag === 'a')
      for (const [name, value] of Object.entries(RICH_TEXT_LINK_ATTRIBUTES)) child.setAttribute(name, value);
  }
}

/** The description as HTML holding only harmless elements and addresses. */
export function safeRichText(html: string): string {
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  clean(document.body);
  return document.body.innerHTML;
}
