import { z } from 'zod';
import { unknownParamsMessage } from '../http/common/known-query-params';

/**
 * A tool's input schema (issue 51, item 3): the shape as a strict object, so an argument the tool
 * does not take is an error naming it and the argument meant (`language`: did you mean
 * `languages`?) instead of being dropped, and, with `oneOf`, at least one of those arguments
 * required (an `anyOf` of `required` in the JSON Schema tools/list shows).
 */
export function toolInput<S extends z.ZodRawShape>(
  shape: S,
  oneOf?: readonly (keyof S & string)[],
) {
  const known = Object.keys(shape);
  const strict = z.strictObject(shape, {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? unknownParamsMessage(iss.keys, known)
            .replace(/query parameter/g, 'argument')
            .replace('this operation takes', 'this tool takes')
        : undefined,
  });
  if (!oneOf) return strict;
  return strict
    .refine((a) => oneOf.some((k) => (a as Record<string, unknown>)[k] !== undefined), {
      message: `${oneOf.join(' or ')} is required.`,
    })
    .meta({ anyOf: oneOf.map((k) => ({ required: [k] })) });
}

/** A list argument as the use cases take it: a single string is a one-item list. */
