type HeaderValue = unknown;

export function isAttachment(contentDisposition: HeaderValue): boolean {
  return typeof contentDisposition === 'string' && contentDisposition.toLowerCase().includes('attachment');
}

/** The file name of a Content-Disposition header; RFC 5987 `filename*` wins over `filename`. */
export function attachmentFileName(contentDisposition: HeaderValue): string | null {
  if (typeof contentDisposition !== 'string') return null;
  const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(contentDisposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      return extended[1].trim();
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(contentDisposition);
  const name = plain?.[1] ?? plain?.[2];
  return name ? name.trim() : null;
}
