import type { z } from 'zod';

/**
 * A valid value for a request schema, built from the schema itself: the registry tests use it to
 * call every route with input it accepts, so new routes are covered without new test code.
 * Optional fields are left out; strings are 24 characters unless the schema wants otherwise.
 */
export function sampleFor(schema: z.ZodType): unknown {
  const def = schema._zod.def;
  switch (def.type) {
    case 'object': {
      const shape = (schema as z.ZodObject).shape;
      const value: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(shape)) {
        if (isOptional(field)) continue;
        value[key] = sampleFor(field);
      }
      return value;
    }
    case 'default':
    case 'nullable':
    case 'readonly':
      return sampleFor((def as unknown as { innerType: z.ZodType }).innerType);
    case 'pipe':
      return sampleFor((def as unknown as { in: z.ZodType }).in);
    case 'enum':
      return (schema as z.ZodEnum).options[0];
    case 'literal':
      return (def as unknown as { values: unknown[] }).values[0];
    case 'boolean':
      return true;
    case 'number': {
      const number = schema as z.ZodNumber;
      return Math.max(number.minValue ?? 1, 1);
    }
    case 'string': {
      const text = schema as z.ZodString;
      if (text.format === 'email') return 'sample.member@example.test';
      const length = Math.min(Math.max(24, text.minLength ?? 0), text.maxLength ?? 24);
      return 'Sample text for a route'.padEnd(length, 's').slice(0, length);
    }
    case 'array': {
      const array = schema as z.ZodArray<z.ZodType>;
      const minimum = Number(array._zod.bag.minimum ?? 0);
      return Array.from({ length: minimum }, () => sampleFor(array.element));
    }
    case 'union':
      return sampleFor((def as unknown as { options: z.ZodType[] }).options[0] as z.ZodType);
    default:
      return undefined;
  }
}

export function isOptional(schema: z.ZodType): boolean {
  return schema.safeParse(undefined).success && schema._zod.def.type !== 'default';
}

/** The names of an object schema's fields that hold a member id (MemberIdSchema and its query form). */
export function memberIdFields(
  schema: z.ZodType | undefined,
  memberIdSchemas: readonly z.ZodType[],
): string[] {
  if (!schema || schema._zod.def.type !== 'object') return [];
  return Object.entries((schema as z.ZodObject).shape)
    .filter(([, field]) => memberIdSchemas.includes(unwrapOptional(field)))
    .map(([key]) => key);
}

function unwrapOptional(schema: z.ZodType): z.ZodType {
  return schema._zod.def.type === 'optional' ? (schema as z.ZodOptional<z.ZodType>).unwrap() : schema;
}

/** Values no route may answer with a server error: out-of-range ids, NUL bytes, wrong types, huge numbers. */
export const HOSTILE_VALUES: readonly unknown[] = [
  2 ** 31,
  2 ** 53 + 2,
  -1,
  1e308,
  0.5,
  'text with a \u0000 NUL byte',
  'not-a-choice-of-any-list',
  '9'.repeat(40),
  '',
  true,
  null,
  [],
  { nested: { deeper: 1 } },
];
