// The avatar of a user who has not uploaded one: a coloured square with the first character of the
// username. Deterministic (the colour comes from the user id), so it caches like a file; no external
// fonts or resources, so it renders the same in an <img> everywhere.

export const AVATAR_SIZE = 256;

const FONT_STACK =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif";
/** Spreads consecutive ids around the colour wheel (the golden angle). */
const HUE_STEP_DEGREES = 137.508;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const channel = (offset: number): string => {
    const k = (offset + hue / 30) % 12;
    const value = lightness - (chroma / 2) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** A mid-tone colour on which white text reads well. */
export function avatarColour(userId: number): string {
  return hslToHex((userId * HUE_STEP_DEGREES) % 360, 0.55, 0.45);
}

/** The first character (not UTF-16 unit) of the username, upper-cased; '?' for an empty name. */
export function avatarInitial(username: string): string {
  const first = [...username.trim()][0];
  return first === undefined ? '?' : first.toLocaleUpperCase('en-US');
}

export function defaultAvatarSvg({ userId, username }: { userId: number; username: string }): string {
  const initial = escapeXml(avatarInitial(username));
  const half = AVATAR_SIZE / 2;
  // The letter stays inside the inscribed circle, so clients may crop the square round.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR_SIZE}" height="${AVATAR_SIZE}" viewBox="0 0 ${AVATAR_SIZE} ${AVATAR_SIZE}" role="img" aria-label="${initial}">` +
    `<rect width="${AVATAR_SIZE}" height="${AVATAR_SIZE}" fill="${avatarColour(userId)}"/>` +
    `<text x="${half}" y="${half}" dominant-baseline="central" text-anchor="middle" fill="#ffffff" font-family="${escapeXml(FONT_STACK)}" font-size="${half}" font-weight="600">${initial}</text>` +
    `</svg>`
  );
}
