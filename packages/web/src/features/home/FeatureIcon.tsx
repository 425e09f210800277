export type FeatureIconName = 'resource' | 'policy' | 'node';

/** Small line drawings for the three ideas of Tessera. Decorative. */
export function FeatureIcon({ name }: { name: FeatureIconName }) {
  return (
    <svg width="48" height="48" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="12" fill="var(--tessera-teal-soft)" />
      {name === 'resource' ? (
        <g fill="none" stroke="var(--tessera-teal)" strokeWidth="2.4" strokeLinejoin="round">
          <path d="M24 12 l12 6 l-12 6 l-12 -6z" fill="var(--tessera-mint)" />
          <path d="M12 24 l12 6 l12 -6" />
          <path d="M12 30 l12 6 l12 -6" />
        </g>
      ) : null}
      {name === 'policy' ? (
        <g fill="none" stroke="var(--tessera-teal)" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
          <path d="M15 11 h13 l6 6 v20 h-19z" fill="#fff" />
          <path d="M19 20 h10 M19 25 h8" />
          <circle cx="30" cy="33" r="5" fill="var(--tessera-ochre)" stroke="var(--tessera-ochre)" />
        </g>
      ) : null}
      {name === 'node' ? (
        <g fill="none" stroke="var(--tessera-teal)" strokeWidth="2.4" strokeLinejoin="round">
          <rect x="10" y="13" width="28" height="22" rx="4" fill="#fff" />
          <path d="M10 19 h28" />
          <rect x="14" y="23" width="8" height="8" rx="1.5" fill="var(--tessera-mint)" stroke="none" />
          <rect x="25" y="23" width="9" height="8" rx="1.5" fill="var(--tessera-ochre)" stroke="none" />
        </g>
      ) : null}
    </svg>
  );
}
