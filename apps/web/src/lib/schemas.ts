/**
 * The zod side of the contract, loaded on demand through `loadSchemas()` so zod stays out of the
 * login route's first load (the first validation or call brings it in): every call descriptor
 * (ALL_CALLS) and every form schema (FORM_SCHEMAS), which contract tests keep complete, the error
 * shape, and the resolver that applies a schema to a form.
 */
export { ALL_CALLS, FORM_SCHEMAS, apiErrorSchema } from '@airbox/contract';
export { zodResolver } from '@hookform/resolvers/zod';
