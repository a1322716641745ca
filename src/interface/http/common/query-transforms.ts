import { Transform } from 'class-transformer';
import { ApiError } from '../errors/api-error';

/**
 * Strict parsing of query strings (decisions.md, Query parsing). A value that cannot be parsed
 * is left as it is so that the class-validator rule beside it fails with a message naming the
 * parameter; a scalar sent twice is refused here.
 */
function single(value: unknown, key: string): unknown {
  if (Array.isArray(value)) throw new ApiError('invalid_param', `${key} must be given once.`);
  return value;
}

const TRUE = new Set(['true', '1']);
const FALSE = new Set(['false', '0']);

export function BoolParam(): PropertyDecorator {
  return Transform(({ value, key }) => {
    const v = single(value, key);
    if (typeof v !== 'string') return v;
    const s = v.toLowerCase();
    return TRUE.has(s) ? true : FALSE.has(s) ? false : v;
  });
}

export function IntParam(): PropertyDecorator {
  return Transform(({ value, key }) => {
    const v = single(value, key);
    return typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v;
  });
}

export function NumberParam(): PropertyDecorator {
  return Transform(({ value, key }) => {
    const v = single(value, key);
    return typeof v === 'string' && /^[-+]?(\d+\.?\d*|\.\d+)$/.test(v.trim()) ? Number(v) : v;
  });
}

export function StringParam(): PropertyDecorator {
  return Transform(({ value, key }) => single(value, key));
}

/** Comma list: items trimmed, empty items dropped; an empty list is the same as absent. */
export function ListParam(): PropertyDecorator {
  return Transform(({ value, key }) => {
    const v = single(value, key);
    if (typeof v !== 'string') return v;
    const items = v
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
    return items.length ? items : undefined;
  });
}
