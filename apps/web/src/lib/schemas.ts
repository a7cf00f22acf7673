/**
 * The zod side of the contract, loaded on demand through `loadSchemas()` so zod stays out of the
 * login route's first load (the first validation or call brings it in): every call descriptor
 * (ALL_CALLS) and every form schema (FORM_SCHEMAS), which contract tests keep complete, and the
 * error shape. The resolver that applies a schema to a form is the form's own import
 * (components/form/form.tsx): with it came react-hook-form, which a screen without a form, the
 * dashboard first, has no use for (issue 24).
 */
export { ALL_CALLS, FORM_SCHEMAS, apiErrorSchema } from '@airbox/contract';
