import {
  ArgumentMetadata,
  PipeTransform,
  Type,
  ValidationError,
  ValidationPipe,
} from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import {
  getMetadataStorage,
  MetadataStorage,
  ValidationArguments,
  ValidationTypes,
  ValidatorConstraintInterface,
} from 'class-validator';
import { ApiError } from '../errors/api-error';

/** One decorator's record in class-validator's storage (its class is not exported by name). */
type ValidationMetadata = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];

/** The one error of a refused query: 400 invalid_param naming the parameter. */
function invalidParam(property: string, message: string): ApiError {
  return new ApiError(
    'invalid_param',
    message.startsWith(property) ? message : `${property}: ${message}`,
  );
}

function firstMessage(errors: ValidationError[]): { property: string; message: string } {
  const e = errors[0];
  if (e.children?.length) return firstMessage(e.children);
  const message = Object.values(e.constraints ?? {})[0] ?? `${e.property} is invalid.`;
  return { property: e.property, message };
}

/** class-validator's options for query DTOs (the compiled checks below assume exactly these). */
const VALIDATOR_OPTIONS = {
  whitelist: true,
  forbidNonWhitelisted: false,
  stopAtFirstError: true,
  validationError: { target: false, value: false },
} as const;

/** Validates query DTOs through class-validator; the first failure becomes 400 invalid_param. */
export function createClassValidatorPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    ...VALIDATOR_OPTIONS,
    exceptionFactory: (errors) => {
      const { property, message } = firstMessage(errors);
      return invalidParam(property, message);
    },
  });
}

/** One rule of a property: a decorator's constraint, with its fixed message. */
interface CompiledRule {
  readonly metadata: ValidationMetadata;
  readonly constraint: ValidatorConstraintInterface;
  readonly message: string;
}

interface CompiledProperty {
  readonly name: string;
  /** `@IsOptional()` and `@ValidateIf()`: all must hold for the rules to run. */
  readonly conditions: ValidationMetadata[];
  readonly rules: CompiledRule[];
}

interface CompiledDto {
  readonly metatype: Type<object>;
  /** class-validator's own grouping (its whitelist test reads it as class-validator does). */
  readonly grouped: Record<string, ValidationMetadata[]>;
  readonly properties: CompiledProperty[];
}

/** Marks a rule whose validator answered with a promise: the request takes class-validator's path. */
const ASYNC = Symbol('async rule');

/**
 * The rules of a DTO read once from class-validator's own metadata (the same decorators, the same
 * order, the same constraint instances), or null when a rule needs what only class-validator does
 * (nested or async validation, IS_DEFINED, messages built from arguments): such DTOs keep its path.
 */
function compile(metatype: Type<object>): CompiledDto | null {
  const storage = getMetadataStorage();
  const metadatas = storage.getTargetValidationMetadatas(metatype, '', false, false, undefined);
  if (metadatas.length === 0) return null;
  const grouped = storage.groupByPropertyName(metadatas);
  const properties: CompiledProperty[] = [];
  for (const name of Object.keys(grouped)) {
    const conditions: ValidationMetadata[] = [];
    const rules: CompiledRule[] = [];
    for (const m of grouped[name]) {
      if (m.type === ValidationTypes.CONDITIONAL_VALIDATION) conditions.push(m);
      else if (m.type === ValidationTypes.CUSTOM_VALIDATION) {
        if (typeof m.message !== 'string' || m.message.includes('$')) return null;
        for (const c of storage.getTargetValidatorConstraints(m.constraintCls)) {
          if (c.async) return null;
          rules.push({ metadata: m, constraint: c.instance, message: m.message });
        }
      } else if (m.type !== ValidationTypes.WHITELIST) return null;
    }
    properties.push({ name, conditions, rules });
  }
  return { metatype, grouped, properties };
}

/** A query as Fastify parses it: own string values or dense arrays of strings, no special keys. */
function isPlainQuery(value: unknown): value is Record<string, string | string[]> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  for (const key of Object.keys(value)) {
    if (key === '__proto__' || key === 'prototype' || key === 'constructor') return false;
    const v = (value as Record<string, unknown>)[key];
    if (typeof v === 'string') continue;
    if (!Array.isArray(v) || Object.keys(v).length !== v.length) return false;
    for (const item of v) if (typeof item !== 'string') return false;
  }
  return true;
}

function passes(rule: CompiledRule, entity: object, value: unknown): boolean | typeof ASYNC {
  const m = rule.metadata;
  if (m.validateIf && !m.validateIf(entity, value)) return true;
  const args: ValidationArguments = {
    targetName: entity.constructor?.name,
    property: m.propertyName,
    object: entity,
    value,
    constraints: m.constraints,
  };
  const each =
    m.each && (Array.isArray(value) || value instanceof Set || value instanceof Map)
      ? Array.from((value as Iterable<unknown> & { values(): Iterable<unknown> }).values())
      : null;
  const results = each
    ? each.map((v) => rule.constraint.validate(v, args))
    : [rule.constraint.validate(value, args)];
  let ok = true;
  for (const r of results) {
    if (r instanceof Promise) return ASYNC;
    if (!r) ok = false;
  }
  return ok;
}

/**
 * The global pipe (issue 14, item 6). A query DTO is turned into its class by class-transformer as
 * before, then checked by rules compiled once per class from class-validator's metadata: the same
 * constraint functions in the same order, with `whitelist` and `stopAtFirstError`, without
 * class-validator's per-request metadata lookups, error objects and promises. So the answer,
 * success or error body, is the same (a property test holds it to class-validator's on random
 * queries). Anything else (bodies, parameters, unusual values, DTOs it cannot compile) goes
 * through Nest's ValidationPipe with class-validator.
 */
export class QueryValidationPipe implements PipeTransform {
  private readonly compiled = new Map<Type<object>, CompiledDto | null>();

  constructor(private readonly fallback: ValidationPipe = createClassValidatorPipe()) {}

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const dto = metadata.type === 'query' ? this.dtoOf(metadata.metatype) : null;
    if (!dto || !isPlainQuery(value)) return this.fallback.transform(value, metadata);
    const entity = plainToInstance(dto.metatype, value) as Record<string, unknown>;
    // class-validator's whitelist: every property without a rule is removed.
    for (const key of Object.keys(entity)) {
      const rules = dto.grouped[key] as ValidationMetadata[] | undefined;
      if (!rules || rules.length === 0) delete entity[key];
    }
    for (const p of dto.properties) {
      const v = entity[p.name];
      if (
        !p.conditions.every((c) =>
          (c.constraints[0] as (o: object, v: unknown) => boolean)(entity, v),
        )
      )
        continue;
      for (const rule of p.rules) {
        const ok = passes(rule, entity, v);
        if (ok === ASYNC) return this.fallback.transform(value, metadata);
        if (!ok) throw invalidParam(p.name, rule.message);
      }
    }
    return entity;
  }

  private dtoOf(metatype: ArgumentMetadata['metatype']): CompiledDto | null {
    if (typeof metatype !== 'function') return null;
    const type = metatype as Type<object>;
    let dto = this.compiled.get(type);
    if (dto === undefined) {
      dto = [String, Boolean, Number, Array, Object].includes(type as never) ? null : compile(type);
      this.compiled.set(type, dto);
    }
    return dto;
  }
}

/** Validates query DTOs; the first failure becomes 400 invalid_param naming the parameter. */
export function createValidationPipe(): PipeTransform {
  return new QueryValidationPipe();
}
