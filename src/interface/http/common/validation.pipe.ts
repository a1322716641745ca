import { ValidationError, ValidationPipe } from '@nestjs/common';
import { ApiError } from '../errors/api-error';

function firstMessage(errors: ValidationError[]): { property: string; message: string } {
  const e = errors[0];
  if (e.children?.length) return firstMessage(e.children);
  const message = Object.values(e.constraints ?? {})[0] ?? `${e.property} is invalid.`;
  return { property: e.property, message };
}

/** Validates query DTOs; the first failure becomes 400 invalid_param naming the parameter. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: false,
    stopAtFirstError: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const { property, message } = firstMessage(errors);
      return new ApiError(
        'invalid_param',
        message.startsWith(property) ? message : `${property}: ${message}`,
      );
    },
  });
}
