import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { z } from 'zod';

/**
 * Request validation with the contract's zod schemas, and the 400 message it leads to: each bad
 * field named with its rule ('City: at most 255 characters; PinNo: Please create a valid 6-digit
 * PIN number'), never zod's bare 'expected string, received undefined'.
 */

type RawIssue = z.core.$ZodRawIssue;

/** The value at an issue's path in what the client sent. */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);
const TYPE_NAMES: Record<string, string> = { int: 'whole number', nan: 'number', date: 'date' };
const quoted = (value: unknown) => (typeof value === 'string' ? `'${value}'` : String(value));
const oneOf = (values: readonly unknown[]) =>
  values.length === 1 ? `must be ${quoted(values[0])}` : `must be one of ${values.map(quoted).join(', ')}`;

function sizeUnit(origin: string): string {
  if (origin === 'string') return ' characters';
  if (origin === 'array' || origin === 'set') return ' items';
  return '';
}

/**
 * The rule an issue breaks, for the issues whose schema has no message of its own (those keep
 * theirs: the spec's and the contract's texts). `sent` is the whole input, to tell a missing
 * field (required) from a wrong one.
 */
export function ruleOf(issue: RawIssue, sent: unknown): string {
  const path = issue.path ?? [];
  const missing = path.length > 0 && valueAt(sent, path) === undefined;
  switch (issue.code) {
    case 'invalid_type':
      if (path.length === 0) return 'The request must be an object of fields';
      return missing ? 'required' : `must be ${article(TYPE_NAMES[issue.expected] ?? issue.expected)}`;
    case 'too_big': {
      const bound = issue.inclusive === false ? 'less than' : 'at most';
      return `${bound} ${String(issue.maximum)}${sizeUnit(issue.origin)}`;
    }
    case 'too_small': {
      if (issue.origin === 'string' && Number(issue.minimum) === 1 && issue.inclusive !== false) return 'must not be empty';
      const bound = issue.inclusive === false ? 'more than' : 'at least';
      return `${bound} ${String(issue.minimum)}${sizeUnit(issue.origin)}`;
    }
    case 'invalid_format':
      if (issue.format === 'regex') return 'is not in the expected format';
      if (issue.format === 'email') return 'must be an e-mail address';
      if (issue.format === 'datetime') return 'must be an ISO 8601 date and time';
      return `must be ${article(issue.format)}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    case 'invalid_value':
      return missing ? 'required' : oneOf(issue.values);
    case 'invalid_union': {
      if (missing) return 'required';
      const options = (issue as { options?: unknown }).options;
      return Array.isArray(options) ? oneOf(options) : 'is not in any accepted form';
    }
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')}`;
    default:
      return 'is not valid';
  }
}

/**
 * Fastify's validator for the zod schemas of the routes: the parsed (coerced, defaulted) value,
 * or one error per issue with its path and message (the schema's own, else ruleOf's).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { error: (issue) => ruleOf(issue, data) });
    if (result.success) return { value: result.data };
    const error: FastifySchemaValidationError[] = result.error.issues.map((issue) => ({
      keyword: issue.code,
      instancePath: issue.path.map((key) => `/${String(key)}`).join(''),
      schemaPath: `#/${issue.path.map(String).join('/')}`,
      params: {},
      message: issue.message,
    }));
    return { error };
  };

/** A field's name as a client spells it: 'City', or 'address.city' inside an object. */
const fieldOf = (error: FastifySchemaValidationError) => error.instancePath.split('/').filter(Boolean).join('.');

/**
 * The 400 message for failed validation: each issue as 'field: rule', joined with '; '. A message
 * that already starts with its field's name ('pcode: at most 32 characters', 'boxId must be 7
 * digits') is kept as it is.
 */
export function invalidRequestMessage(errors: readonly FastifySchemaValidationError[]): string {
  const parts = errors.map((error) => {
    const field = fieldOf(error);
    const message = error.message ?? 'is not valid';
    return field === '' || message.startsWith(field) ? message : `${field}: ${message}`;
  });
  return [...new Set(parts)].join('; ');
}
