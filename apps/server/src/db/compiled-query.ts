import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.js';
import { isSqlite } from './dialect.js';

/**
 * Queries that every signed-in call runs, built and compiled by Kysely once per dialect instead of
 * on every call (building and compiling a query cost more CPU than SQLite took to run it: Kysely
 * and the garbage it made were 10-15 % of a list call's CPU, issue 24), then run with each call's
 * values in place of the stand-ins they were built with.
 *
 * The query is built with stand-ins for its arguments, so `build` must only hand them to Kysely as
 * values (`where('id', '=', id)`, `limit(n)`): an argument that JavaScript reads (trims, tests,
 * turns into a pattern) has no value yet. The first run of each dialect checks that every stand-in
 * became one of the statement's parameters.
 */

class StandIn {
  constructor(readonly index: number) {}
}

export function compiledQuery<Args extends readonly unknown[], Row>(
  arity: Args['length'],
  build: (db: Db, ...args: Args) => Compilable<Row>,
): (db: Db, ...args: Args) => Promise<Row[]> {
  const compiled = new Map<'sqlite' | 'postgres', { query: CompiledQuery<Row>; slots: (StandIn | undefined)[] }>();
  const compile = (db: Db) => {
    const standIns = Array.from({ length: arity }, (_, index) => new StandIn(index));
    const query = build(db, ...(standIns as unknown as Args)).compile();
    const slots = query.parameters.map((value) => (value instanceof StandIn ? value : undefined));
    const missing = standIns.filter((standIn) => !slots.includes(standIn));
    if (missing.length > 0) throw new Error(`compiledQuery: argument ${missing.map((standIn) => standIn.index).join(', ')} is not a parameter of ${query.sql}`);
    return { query, slots };
  };
  return async (db, ...args) => {
    const dialect = isSqlite(db) ? 'sqlite' : 'postgres';
    let entry = compiled.get(dialect);
    if (!entry) {
      entry = compile(db);
      compiled.set(dialect, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((value, i) => {
      const slot = slots[i];
      return slot ? args[slot.index] : value;
    });
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
