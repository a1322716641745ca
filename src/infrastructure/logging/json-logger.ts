import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';

/** JSON lines on standard output, or on `fd` (2 for the MCP stdio server, whose stdout is the protocol). */
export function createRootLogger(level: string, fd: 1 | 2 = 1): Logger {
  return pino(
    {
      level,
      base: { service: 'gta-directory' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'],
        censor: '[redacted]',
      },
    },
    pino.destination({ fd, sync: true }),
  );
}

/** Nest's logger interface over pino, so framework messages are JSON lines too. */
export class JsonLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}
  log(message: unknown, context?: string) {
    this.write('info', message, context);
  }
  error(message: unknown, trace?: string, context?: string) {
    this.write('error', message, context ?? trace);
  }
  warn(message: unknown, context?: string) {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string) {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string) {
    this.write('trace', message, context);
  }
  private write(
    level: 'info' | 'error' | 'warn' | 'debug' | 'trace',
    message: unknown,
    context?: string,
  ) {
    if (message !== null && typeof message === 'object' && !(message instanceof Error)) {
      this.pino[level]({ context, ...message });
    } else if (message instanceof Error) {
      this.pino[level]({ context, err: message }, message.message);
    } else {
      this.pino[level]({ context }, String(message));
    }
  }
}
