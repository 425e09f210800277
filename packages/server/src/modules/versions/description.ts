// A version's description is stored sanitised (DOMAIN §2): only the elements, attributes and addresses of
// the shared allow-list in @tessera/domain survive, whoever sent it and however it was written.
import sanitizeHtml from 'sanitize-html';
import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROPPED,
  RICH_TEXT_LINK_ATTRIBUTES,
  RICH_TEXT_TAGS,
  keepsRichTextAttribute,
  trimEmptyParagraphs,
} from '@tessera/domain';

const keptAttributes = (tag: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes => ({
  ...Object.fromEntries(Object.entries(attribs).filter(([name, value]) => keepsRichTextAttribute(tag, name, value))),
  ...(tag === 'a' ? RICH_TEXT_LINK_ATTRIBUTES : {}),
});

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {
    ...Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
    a: [...(RICH_TEXT_ATTRIBUTES.a ?? []), ...Object.keys(RICH_TEXT_LINK_ATTRIBUTES)],
  },
  allowedSchemes: ['http', 'https'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...RICH_TEXT_DROPPED],
  // Every kept attribute, addresses included, is judged by the shared rule.
  transformTags: { '*': (tagName, attribs) => ({ tagName, attribs: keptAttributes(tagName, attribs) }) },
};

/** The description as it is stored: harmless HTML, no empty paragraphs at its ends ('' when nothing is left). */
export function sanitizeDescription(html: string): string {
  return trimEmptyParagraphs(sanitizeHtml(html, OPTIONS));
}
