// The short-word search index on SQLite (migration 0011): every character and every pair of
// neighbouring characters of a search text, each written as one ASCII token, so that FTS5's ascii
// tokenizer indexes exactly them. A word of one or two characters is in a text exactly when its
// token is in the text's grams.

/** A character or a pair: hex code points joined by `x` (never a hex digit, so tokens cannot collide). */
export function gramToken(gram: string): string {
  return [...gram].map((character) => (character.codePointAt(0) as number).toString(16)).join('x');
}

/** The distinct 1- and 2-character grams of a text, as tokens separated by spaces. */
export function searchGrams(text: string): string {
  const characters = [...text];
  const tokens = new Set<string>();
  characters.forEach((character, index) => {
    tokens.add(gramToken(character));
    const next = characters[index + 1];
    if (next !== undefined) tokens.add(gramToken(character + next));
  });
  return [...tokens].join(' ');
}

/** The SQL function the search triggers call; every SQLite connection registers it (platform/db/sqlite.ts). */
export const SEARCH_GRAMS_FUNCTION = 'tessera_search_grams';
