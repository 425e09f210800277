/** The Tessera mark: four mosaic tiles. Decorative; the name beside it carries the meaning. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--tessera-teal)" />
      <rect x="6" y="6" width="9" height="9" rx="2" fill="#f4f1ea" />
      <rect x="17" y="6" width="9" height="9" rx="2" fill="var(--tessera-ochre)" />
      <rect x="6" y="17" width="9" height="9" rx="2" fill="var(--tessera-mint)" />
      <rect x="17" y="17" width="9" height="9" rx="2" fill="#f4f1ea" />
    </svg>
  );
}
