// The short-word search index: every character and every pair of neighbouring characters of a
// search text (its grams). A word of one or two characters is in a text exactly when it is one of
// the text's grams. SQLite (migration 0011) writes each gram as one ASCII token, so that FTS5's
// ascii tokenizer indexes exactly them; PostgreSQL (migration 0012) keeps them as an array in
// `resources.searchGrams`, computed by its own function, which makes the same grams as `gramsOf`.

/** The longest word the gram indexes answer: longer words go to the trigram indexes. */
export const GRAM_LENGTH = 2;

/** A word the gram indexes answer (its length in characters, not UTF-16 units). */
export function isGram(word: string): boolean {
  return [...word].length <= GRAM_LENGTH;
}

/** The distinct characters and pairs of neighbouring characters of a text. */
export function gramsOf(text: string): string[] {
  const characters = [...text];
  const grams = new Set<string>();
  characters.forEach((character, index) => {
    grams.add(character);
    const next = characters[index + 1];
    if (next !== undefined) grams.add(character + next);
  });
  return [...grams];
}

/** A gram as one token: hex code points joined by `x` (never a hex digit, so tokens cannot collide). */
export function gramToken(gram: string): string {
  return [...gram].map((character) => (character.codePointAt(0) as number).toString(16)).join('x');
}

/** The grams of a text as tokens separated by spaces (SQLite's gram index). */
export function searchGrams(text: string): string {
  return gramsOf(text).map(gramToken).join(' ');
}

/** The SQL function computing a text's grams: tokens on SQLite, where every connection registers it (platform/db/sqlite.ts); an array on PostgreSQL (migration 0012). */
export const SEARCH_GRAMS_FUNCTION = 'tessera_search_grams';
