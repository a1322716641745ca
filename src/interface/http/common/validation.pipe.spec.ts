import 'reflect-metadata';
import { ArgumentMetadata, Type } from '@nestjs/common';
import fc from 'fast-check';
import { ClinicDetailQueryDto } from '../clinics/dto/clinic-detail.query.dto';
import { ListClinicsQueryDto } from '../clinics/dto/clinics.query.dto';
import { ListSpecialistsQueryDto } from '../clinics/dto/specialists.query.dto';
import { SearchDoctorsQueryDto } from '../doctors/dto/search-doctors.query.dto';
import { ApiError } from '../errors/api-error';
import { GeoFiltersQueryDto } from './geo-query.dto';
import { DirectoryFiltersQueryDto, PaginationQueryDto } from './list-query.dto';
import { createClassValidatorPipe, QueryValidationPipe } from './validation.pipe';

const DTOS: Type<object>[] = [
  PaginationQueryDto,
  DirectoryFiltersQueryDto,
  GeoFiltersQueryDto,
  SearchDoctorsQueryDto,
  ListClinicsQueryDto,
  ListSpecialistsQueryDto,
  ClinicDetailQueryDto,
];

/** Every parameter of the DTOs, plus names no DTO has (some of them Object.prototype's). */
const KEYS = [
  'limit',
  'offset',
  'specialties',
  'specialty',
  'accepting',
  'gender',
  'languages',
  'minYears',
  'maxYears',
  'evening',
  'weekend',
  'wheelchair',
  'virtualVisits',
  'nearTTC',
  'lat',
  'lng',
  'near',
  'radiusKm',
  'q',
  'hasWebsite',
  'include',
  'sort',
  'unknown',
  'hasOwnProperty',
  'toString',
  'valueOf',
];

/** Values that sit on the edges of the rules: numbers, booleans, lists, lengths, enums. */
const WORDS = [
  '',
  ' ',
  '0',
  '1',
  '-1',
  '+3',
  '.5',
  '1.',
  '1.5',
  '1e3',
  '150',
  '151',
  '999999999',
  '9999999999',
  '-90',
  '90.0001',
  '-180',
  'NaN',
  'Infinity',
  'true',
  'FALSE',
  'yes',
  'female',
  'F',
  'nonbinary',
  'Punjabi',
  'Punjabi, ,English',
  ',',
  'notes',
  'notes,links',
  'links,maps',
  'ab',
  'Finch',
  'M5S',
  'x'.repeat(100),
  'x'.repeat(101),
];

const value = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...WORDS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 6 }) },
  { weight: 2, arbitrary: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }) },
  // Not what Fastify's parser gives: the pipe must hand these to class-validator.
  { weight: 1, arbitrary: fc.constantFrom<unknown>(7, true, null, { a: '1' }, ['1', 2]) },
);

/** A query object shaped as Fastify's parser makes it (no prototype), or a plain object. */
const query = fc
  .tuple(
    fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 6 }),
    fc.boolean(),
    fc.option(fc.constantFrom('__proto__', 'constructor', 'prototype'), { freq: 8 }),
  )
  .map(([entries, nullProto, special]) => {
    const q = (nullProto ? Object.create(null) : {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries(entries)) q[k] = v;
    if (special) Object.defineProperty(q, special, { value: '1', enumerable: true });
    return q;
  });

function clone(q: Record<string, unknown>): Record<string, unknown> {
  const c = Object.create(Object.getPrototypeOf(q) as object | null) as Record<string, unknown>;
  for (const k of Object.keys(q)) {
    const v = q[k];
    Object.defineProperty(c, k, {
      value: Array.isArray(v) ? [...(v as unknown[])] : v,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return c;
}

type Outcome =
  | { ok: string | undefined; entries: [string, unknown][] }
  | { error: string; code?: string; message: string };

async function outcome(
  pipe: { transform(v: unknown, m: ArgumentMetadata): unknown },
  q: Record<string, unknown>,
  metatype: Type<object>,
): Promise<Outcome> {
  try {
    const r = (await pipe.transform(clone(q), { type: 'query', metatype })) as object;
    return { ok: r.constructor?.name, entries: Object.entries(r) };
  } catch (e) {
    const err = e as Error & { code?: string };
    return { error: err.constructor.name, code: err.code, message: err.message };
  }
}

describe('QueryValidationPipe (compiled query checks, issue 14 item 6)', () => {
  const reference = createClassValidatorPipe();

  it('answers every query exactly as class-validator does: the same value or the same error', async () => {
    const compiled = new QueryValidationPipe();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...DTOS), query, async (dto, q) => {
        expect(await outcome(compiled, q, dto)).toEqual(await outcome(reference, q, dto));
      }),
      { numRuns: 4000 },
    );
  });

  it('checks the queries Fastify parses itself, and leaves the rest to class-validator', async () => {
    const fallback = createClassValidatorPipe();
    const spy = jest.spyOn(fallback, 'transform');
    const pipe = new QueryValidationPipe(fallback);
    const meta = (metatype: Type<object>): ArgumentMetadata => ({ type: 'query', metatype });

    const q = Object.assign(Object.create(null) as object, {
      accepting: 'true',
      languages: 'Punjabi,English',
      limit: '10',
      extra: 'dropped',
    });
    const ok = (await pipe.transform(q, meta(GeoFiltersQueryDto))) as GeoFiltersQueryDto;
    expect(ok).toBeInstanceOf(GeoFiltersQueryDto);
    expect({ ...ok }).toEqual({ accepting: true, languages: ['Punjabi', 'English'], limit: 10 });
    await expect(
      Promise.resolve().then(() => pipe.transform({ maxYears: '151' }, meta(GeoFiltersQueryDto))),
    ).rejects.toEqual(new ApiError('invalid_param', 'maxYears must be at most 150.'));
    expect(spy).not.toHaveBeenCalled();

    await pipe.transform({ limit: 5 }, meta(PaginationQueryDto));
    await pipe.transform({ constructor: '1' }, meta(PaginationQueryDto));
    await pipe.transform('10', { type: 'query', metatype: Number, data: 'limit' });
    await pipe.transform({ limit: '1' }, { type: 'body', metatype: PaginationQueryDto });
    expect(spy).toHaveBeenCalledTimes(4);
  });
});
