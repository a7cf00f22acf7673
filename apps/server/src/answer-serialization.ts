import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Answers written by a function compiled once from the route's zod answer schema
 * (fast-json-stringify over the schema's JSON Schema), instead of zod's check of every answer and
 * JSON.stringify: the same bytes for an answer that fits its schema (the schema's fields only, in
 * its order; a field it does not name is never written). What it cannot compile exactly (unions,
 * references) keeps zod's serializer.
 *
 * With `check` (CHECK_ANSWERS, on outside production and so in every test), each answer is also
 * checked and written by zod, and an answer whose bytes differ, or that zod refuses, fails (500),
 * so the whole test suite compares the two.
 */

type JsonSchema = { [key: string]: unknown };

/**
 * The keywords a value is written by. The rest only constrain it (formats, patterns, bounds), or
 * would have fast-json-stringify write something other than the value: a `default` in place of a
 * missing field (zod refuses it), a `const` whatever the value (zod checks it; the value is
 * written by its type instead).
 */
const KEPT = new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'anyOf']);

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);

class NotCompilable extends Error {}

/**
 * The schema fast-json-stringify is given: only the keywords that decide what is written, a
 * nullable one (`anyOf: [X, {type: 'null'}]`) as a type list. Throws NotCompilable for what it
 * would have to decide at run time (unions of objects, references, `oneOf`, `allOf`, `not`, tuples).
 */
function writable(node: unknown): JsonSchema {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) throw new NotCompilable('not a schema');
  const schema = node as JsonSchema;
  for (const key of ['$ref', 'oneOf', 'allOf', 'not', 'if', 'prefixItems', 'patternProperties']) {
    if (key in schema) throw new NotCompilable(key);
  }
  if (Array.isArray(schema.anyOf)) {
    const options = schema.anyOf as unknown[];
    const isNull = (option: unknown) => typeof option === 'object' && option !== null && (option as JsonSchema).type === 'null' && Object.keys(option).length === 1;
    const others = options.filter((option) => !isNull(option)) as JsonSchema[];
    const nullable = others.length < options.length;
    const [first] = others;
    if (!first) throw new NotCompilable('anyOf');
    // Values of one primitive type (z.union of literals, an enum or null): written as that type is.
    const primitive = others.every((option) => typeof option.type === 'string' && PRIMITIVES.has(option.type) && option.type === first.type && !('anyOf' in option));
    if (primitive) return { type: nullable ? [first.type, 'null'] : first.type };
    // A nullable object or array: null, or written by its schema.
    if (others.length === 1 && nullable && typeof first.type === 'string' && !('anyOf' in first)) return writable({ ...first, type: [first.type, 'null'] });
    throw new NotCompilable('anyOf');
  }
  if ('const' in schema && !('type' in schema)) throw new NotCompilable('const');
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!KEPT.has(key)) continue;
    if (key === 'properties') {
      out.properties = Object.fromEntries(Object.entries(value as JsonSchema).map(([name, property]) => [name, writable(property)]));
    } else if (key === 'items') {
      if (Array.isArray(value)) throw new NotCompilable('tuple');
      out.items = writable(value);
    } else if (key === 'additionalProperties') {
      out.additionalProperties = typeof value === 'boolean' ? value : writable(value);
    } else {
      out[key] = value;
    }
  }
  // fast-json-stringify writes the required fields first: when an optional one comes before a
  // required one, none is marked required, so every field is written in the schema's order, as
  // zod writes them (a missing field is then left out instead of refused; CHECK_ANSWERS refuses it).
  if (Array.isArray(out.required) && out.properties) {
    const required = new Set(out.required as string[]);
    const names = Object.keys(out.properties);
    const firstOptional = names.findIndex((name) => !required.has(name));
    if (firstOptional !== -1 && names.slice(firstOptional).some((name) => required.has(name))) delete out.required;
  }
  // An object's fields are written only when named: zod's z.object drops the others.
  if ((out.type === 'object' || (Array.isArray(out.type) && out.type.includes('object'))) && out.additionalProperties === undefined) {
    out.additionalProperties = false;
  }
  return out;
}

type Writer = (answer: unknown) => string;

/**
 * Each schema's writer, compiled once per process: many routes answer with the same schema (every
 * route's 4xx and 5xx with apiErrorSchema, about 200 of them), and tests build many apps.
 */
const writers = new WeakMap<z.ZodType, Writer | null>();

/** The compiled writer of a zod answer schema, or undefined when it cannot be compiled exactly. */
export function compiledWriter(schema: z.ZodType): Writer | undefined {
  let writer = writers.get(schema);
  if (writer === undefined) {
    writer = compile(schema) ?? null;
    writers.set(schema, writer);
  }
  return writer ?? undefined;
}

function compile(schema: z.ZodType): Writer | undefined {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    return fastJson(writable(json) as unknown as Parameters<typeof fastJson>[0]) as Writer;
  } catch (error) {
    if (error instanceof NotCompilable) return undefined;
    // z.toJSONSchema refuses what JSON Schema cannot say (transforms, dates): zod writes those.
    if (error instanceof Error && /cannot be represented|Unrepresentable|not supported/i.test(error.message)) return undefined;
    throw error;
  }
}

/** Fastify's serializer compiler for the routes' zod answer schemas (see above). */
export function answerSerializerCompiler(options: { check: boolean }): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const zodWriter = zodSerializerCompiler(route);
    const schema = route.schema;
    const compiled = schema instanceof z.ZodType ? compiledWriter(schema) : undefined;
    if (!compiled) return zodWriter;
    if (!options.check) return compiled;
    return (answer) => {
      const expected = zodWriter(answer);
      const written = compiled(answer);
      if (written !== expected) {
        // Where they part, not the answers: they carry customers' data, and this message is logged.
        let at = 0;
        while (written[at] === expected[at]) at += 1;
        throw new Error(`${route.method} ${route.url}: the compiled answer differs from zod's from character ${at} on (lengths ${written.length} and ${expected.length})`);
      }
      return written;
    };
  };
}
