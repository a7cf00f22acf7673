import type * as SchemasModule from './schemas';

export type Schemas = typeof SchemasModule;

let loading: Promise<Schemas> | undefined;

/** The contract's schemas (and zod with them), fetched once on first use. */
export function loadSchemas(): Promise<Schemas> {
  loading ??= import('./schemas');
  return loading;
}
