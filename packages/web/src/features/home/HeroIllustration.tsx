/**
 * The landing page's picture, drawn in SVG: mosaic tiles (resources) with a version tag and a
 * policy seal, assembled into a node's site. Decorative, so hidden from assistive technology.
 */
export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 520 440" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#e2efec" />
          <stop offset="1" stopColor="#fbf0dc" />
        </linearGradient>
        <filter id="hero-shadow" x="-20%" y="-20%" width="140%" height="140%">
          <feDropShadow dx="0" dy="10" stdDeviation="14" floodColor="#1c2b2d" floodOpacity="0.12" />
        </filter>
      </defs>

      <rect x="20" y="30" width="480" height="390" rx="36" fill="url(#hero-sky)" />

      {/* loose tiles drifting towards the site */}
      <g opacity="0.9">
        <rect x="46" y="62" width="38" height="38" rx="8" fill="#7fc4b8" transform="rotate(-12 65 81)" />
        <rect x="98" y="40" width="26" height="26" rx="6" fill="#e3a34a" transform="rotate(14 111 53)" />
        <rect x="440" y="70" width="32" height="32" rx="7" fill="#d9735b" transform="rotate(18 456 86)" />
        <rect x="456" y="352" width="24" height="24" rx="6" fill="#0f6b6e" transform="rotate(-10 468 364)" />
        <rect x="40" y="360" width="30" height="30" rx="7" fill="#e3a34a" transform="rotate(8 55 375)" />
      </g>

      {/* the node's site */}
      <g filter="url(#hero-shadow)">
        <rect x="120" y="110" width="330" height="270" rx="18" fill="#ffffff" />
      </g>
      <rect x="120" y="110" width="330" height="40" rx="18" fill="#0f6b6e" />
      <rect x="120" y="132" width="330" height="18" fill="#0f6b6e" />
      <circle cx="144" cy="130" r="5" fill="#f4f1ea" />
      <circle cx="162" cy="130" r="5" fill="#e3a34a" />
      <circle cx="180" cy="130" r="5" fill="#7fc4b8" />
      <rect x="206" y="124" width="150" height="12" rx="6" fill="#0a4e51" />

      {/* exhibits on the site: a mosaic */}
      <g>
        <rect x="140" y="168" width="92" height="70" rx="10" fill="#e2efec" />
        <path d="M152 226 l22 -26 l16 18 l10 -10 l20 18z" fill="#7fc4b8" />
        <circle cx="212" cy="186" r="8" fill="#e3a34a" />
        <rect x="240" y="168" width="92" height="70" rx="10" fill="#fbf0dc" />
        <rect x="254" y="182" width="64" height="6" rx="3" fill="#e3a34a" />
        <rect x="254" y="196" width="50" height="6" rx="3" fill="#e3a34a" opacity="0.6" />
        <rect x="254" y="210" width="58" height="6" rx="3" fill="#e3a34a" opacity="0.4" />
        <rect x="340" y="168" width="92" height="152" rx="10" fill="#0f6b6e" />
        <circle cx="386" cy="226" r="24" fill="none" stroke="#7fc4b8" strokeWidth="6" />
        <path d="M380 214 l18 12 l-18 12z" fill="#f4f1ea" />
        <rect x="356" y="276" width="60" height="6" rx="3" fill="#7fc4b8" />
        <rect x="356" y="290" width="42" height="6" rx="3" fill="#7fc4b8" opacity="0.6" />
        <rect x="140" y="246" width="192" height="74" rx="10" fill="#f7f5f0" />
        <rect x="154" y="262" width="34" height="42" rx="6" fill="#d9735b" />
        <rect x="196" y="262" width="34" height="42" rx="6" fill="#e3a34a" />
        <rect x="238" y="262" width="34" height="42" rx="6" fill="#7fc4b8" />
        <rect
          x="280"
          y="262"
          width="36"
          height="42"
          rx="6"
          fill="none"
          stroke="#0f6b6e"
          strokeWidth="2"
          strokeDasharray="5 4"
        />
        <rect x="140" y="332" width="292" height="30" rx="8" fill="#f7f5f0" />
        <rect x="154" y="344" width="120" height="6" rx="3" fill="#c9c3b6" />
      </g>

      {/* a resource tile arriving, with its version tag */}
      <g filter="url(#hero-shadow)" transform="rotate(-6 96 250)">
        <rect x="44" y="196" width="112" height="112" rx="16" fill="#ffffff" />
        <rect x="58" y="210" width="84" height="58" rx="10" fill="#7fc4b8" />
        <path d="M66 260 l20 -22 l14 14 l10 -8 l24 16z" fill="#0f6b6e" opacity="0.7" />
        <rect x="58" y="278" width="46" height="18" rx="9" fill="#0f6b6e" />
        <rect x="66" y="285" width="30" height="4" rx="2" fill="#ffffff" />
        <rect x="110" y="282" width="32" height="10" rx="5" fill="#e2efec" />
      </g>

      {/* the policy seal */}
      <g filter="url(#hero-shadow)">
        <circle cx="438" cy="150" r="38" fill="#e3a34a" />
        <circle cx="438" cy="150" r="28" fill="none" stroke="#ffffff" strokeWidth="3" strokeDasharray="4 4" />
        <path
          d="M424 150 l10 10 l20 -22"
          fill="none"
          stroke="#ffffff"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
    </svg>
  );
}
