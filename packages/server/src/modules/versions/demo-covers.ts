// Covers drawn for the demo resources (SVG made into PNG with sharp), one scene per resource so the
// market shows what each holds: the image resource's cover is its own picture, audio and video get a
// poster with a play mark.
import sharp from 'sharp';

type Scene = (width: number, height: number) => string;

const play = (w: number, h: number) => {
  const r = Math.min(w, h) * 0.14;
  const cx = w / 2;
  const cy = h / 2;
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="0.85"/>
    <path d="M${cx - r * 0.35} ${cy - r * 0.5} L${cx + r * 0.55} ${cy} L${cx - r * 0.35} ${cy + r * 0.5} Z" fill="#1d3b4f"/>`;
};

const SCENES: Record<string, Scene> = {
  // Layered hills in the morning mist.
  'morning-mist': (w, h) => `<rect width="${w}" height="${h}" fill="#f4e7d3"/>
    <circle cx="${w * 0.72}" cy="${h * 0.3}" r="${h * 0.12}" fill="#f6b26b"/>
    <path d="M0 ${h * 0.62} Q${w * 0.25} ${h * 0.38} ${w * 0.5} ${h * 0.58} T${w} ${h * 0.5} V${h} H0 Z" fill="#9fb8ad"/>
    <rect y="${h * 0.55}" width="${w}" height="${h * 0.08}" fill="#ffffff" fill-opacity="0.55"/>
    <path d="M0 ${h * 0.78} Q${w * 0.3} ${h * 0.6} ${w * 0.6} ${h * 0.75} T${w} ${h * 0.7} V${h} H0 Z" fill="#5f8575"/>
    <path d="M0 ${h * 0.92} Q${w * 0.4} ${h * 0.8} ${w} ${h * 0.9} V${h} H0 Z" fill="#2f5548"/>`,
  // A planet and stars.
  'space-notes': (w, h) => `<rect width="${w}" height="${h}" fill="#14183a"/>
    ${Array.from({ length: 24 }, (_, i) => `<circle cx="${(i * 97) % w}" cy="${(i * 53) % h}" r="${1 + (i % 3)}" fill="#fff" fill-opacity="${0.4 + (i % 4) * 0.15}"/>`).join('')}
    <circle cx="${w * 0.6}" cy="${h * 0.55}" r="${h * 0.22}" fill="#e07a5f"/>
    <ellipse cx="${w * 0.6}" cy="${h * 0.55}" rx="${h * 0.38}" ry="${h * 0.07}" fill="none" stroke="#f2cc8f" stroke-width="${h * 0.02}"/>`,
  // Rain on a grey-blue window: an audio poster.
  'rain-sounds': (w, h) => `<rect width="${w}" height="${h}" fill="#3d5a80"/>
    ${Array.from({ length: 30 }, (_, i) => {
      const x = (i * 37) % w;
      const y = (i * 71) % h;
      return `<line x1="${x}" y1="${y}" x2="${x - 6}" y2="${y + h * 0.12}" stroke="#98c1d9" stroke-width="2" stroke-linecap="round"/>`;
    }).join('')}
    ${play(w, h)}`,
  // Waves at sea: a video poster.
  'ocean-waves': (w, h) => `<rect width="${w}" height="${h}" fill="#8ecae6"/>
    <path d="M0 ${h * 0.5} Q${w * 0.125} ${h * 0.42} ${w * 0.25} ${h * 0.5} T${w * 0.5} ${h * 0.5} T${w * 0.75} ${h * 0.5} T${w} ${h * 0.5} V${h} H0 Z" fill="#219ebc"/>
    <path d="M0 ${h * 0.68} Q${w * 0.125} ${h * 0.6} ${w * 0.25} ${h * 0.68} T${w * 0.5} ${h * 0.68} T${w * 0.75} ${h * 0.68} T${w} ${h * 0.68} V${h} H0 Z" fill="#126782"/>
    <path d="M0 ${h * 0.86} Q${w * 0.125} ${h * 0.8} ${w * 0.25} ${h * 0.86} T${w * 0.5} ${h * 0.86} T${w * 0.75} ${h * 0.86} T${w} ${h * 0.86} V${h} H0 Z" fill="#023047"/>
    ${play(w, h)}`,
  // A bar chart of cities.
  'city-data': (w, h) => `<rect width="${w}" height="${h}" fill="#fefae0"/>
    ${[0.55, 0.8, 0.4, 0.65, 0.3, 0.7]
      .map(
        (v, i) =>
          `<rect x="${w * (0.1 + i * 0.135)}" y="${h * (0.9 - v)}" width="${w * 0.1}" height="${h * v}" rx="4" fill="${i % 2 ? '#606c38' : '#dda15e'}"/>`,
      )
      .join('')}
    <rect x="${w * 0.06}" y="${h * 0.9}" width="${w * 0.88}" height="3" fill="#283618"/>`,
  // A clock face.
  'clock-widget': (w, h) => `<rect width="${w}" height="${h}" fill="#2a9d8f"/>
    <circle cx="${w / 2}" cy="${h / 2}" r="${Math.min(w, h) * 0.34}" fill="#fff"/>
    ${Array.from({ length: 12 }, (_, i) => {
      const a = (i * Math.PI) / 6;
      const r = Math.min(w, h) * 0.3;
      return `<circle cx="${w / 2 + r * Math.sin(a)}" cy="${h / 2 - r * Math.cos(a)}" r="3" fill="#264653"/>`;
    }).join('')}
    <line x1="${w / 2}" y1="${h / 2}" x2="${w / 2}" y2="${h * 0.3}" stroke="#264653" stroke-width="6" stroke-linecap="round"/>
    <line x1="${w / 2}" y1="${h / 2}" x2="${w * 0.66}" y2="${h / 2}" stroke="#e76f51" stroke-width="4" stroke-linecap="round"/>`,
  // A page of a paper blog.
  'paper-theme': (w, h) => `<rect width="${w}" height="${h}" fill="#d6ccc2"/>
    <rect x="${w * 0.2}" y="${h * 0.1}" width="${w * 0.6}" height="${h * 0.85}" fill="#fffdf7"/>
    <rect x="${w * 0.27}" y="${h * 0.18}" width="${w * 0.35}" height="${h * 0.06}" fill="#6b705c"/>
    ${Array.from({ length: 7 }, (_, i) => `<rect x="${w * 0.27}" y="${h * (0.32 + i * 0.08)}" width="${w * (i % 3 === 2 ? 0.3 : 0.46)}" height="${h * 0.025}" fill="#b7b7a4"/>`).join('')}`,
  // Slides in a row.
  'intro-slides': (w, h) => `<rect width="${w}" height="${h}" fill="#ffb703"/>
    <rect x="${w * 0.14}" y="${h * 0.16}" width="${w * 0.6}" height="${h * 0.6}" rx="8" fill="#fb8500"/>
    <rect x="${w * 0.2}" y="${h * 0.24}" width="${w * 0.6}" height="${h * 0.6}" rx="8" fill="#ffffff"/>
    <rect x="${w * 0.27}" y="${h * 0.34}" width="${w * 0.3}" height="${h * 0.07}" fill="#023047"/>
    <rect x="${w * 0.27}" y="${h * 0.5}" width="${w * 0.44}" height="${h * 0.04}" fill="#8ecae6"/>
    <rect x="${w * 0.27}" y="${h * 0.6}" width="${w * 0.38}" height="${h * 0.04}" fill="#8ecae6"/>`,
  // A sealed licence.
  'cc-by-license': (w, h) => `<rect width="${w}" height="${h}" fill="#e9edc9"/>
    <rect x="${w * 0.25}" y="${h * 0.12}" width="${w * 0.5}" height="${h * 0.76}" fill="#fff"/>
    ${Array.from({ length: 5 }, (_, i) => `<rect x="${w * 0.31}" y="${h * (0.22 + i * 0.1)}" width="${w * 0.38}" height="${h * 0.03}" fill="#ccd5ae"/>`).join('')}
    <circle cx="${w * 0.62}" cy="${h * 0.76}" r="${h * 0.08}" fill="#bc4749"/>`,
};

/** The names that have a scene of their own. */
export const DEMO_COVER_NAMES = Object.keys(SCENES);

/** The SVG of a demo resource's scene at a size; a name without one gets a plain tile. */
export function demoCoverSvg(name: string, width: number, height: number): string {
  const scene = SCENES[name] ?? ((w: number, h: number) => `<rect width="${w}" height="${h}" fill="#cccccc"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${scene(width, height)}</svg>`;
}

/** A demo resource's scene as a PNG. */
export async function demoCover(name: string, width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(demoCoverSvg(name, width, height)))
    .png()
    .toBuffer();
}
