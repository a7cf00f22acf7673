import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * A LIKE pattern that finds `text` anywhere in a column read as lower(column), any case: `%`, `_`
 * and `\` in the text match themselves, with `escape '\'` beside the pattern.
 */
export function containingPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/*
 * The searches' LIKE conditions. Each pattern goes to the database as an expression (a cast), not a
 * bare parameter: SQLite reads the value bound to a bare parameter on the right of LIKE when it
 * prepares the statement, so that every search with a new pattern prepared its statement again
 * (30 µs for Purchased Labels' page, more than reading its rows, issue 24). PostgreSQL takes both alike.
 */

/** `text`, read as lower case, holds a containingPattern's text. */
export function holdsText(text: Expression<unknown>, pattern: unknown): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${text}) like cast(${pattern} as text) escape '\\'`;
}

/** `digits` (a phone's digits in SQL) match a pattern of digits and `%` only. */
export function holdsDigits(digits: Expression<unknown>, pattern: unknown): RawBuilder<SqlBool> {
  return sql<SqlBool>`${digits} like cast(${pattern} as text)`;
}
