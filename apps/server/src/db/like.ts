/**
 * A LIKE pattern that finds `text` anywhere in a column read as lower(column), any case: `%`, `_`
 * and `\` in the text match themselves, with `escape '\'` beside the pattern.
 */
export function containingPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
