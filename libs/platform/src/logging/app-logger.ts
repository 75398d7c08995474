import { type LoggerService } from '@nestjs/common';
import { type Level, type Logger as Pino } from 'pino';

/**
 * Nest's logger as JSON lines through pino; every line carries the Nest `context`. A line about a
 * request carries `reqId` (the id the client gets as `meta.request_id`) because its caller passes it,
 * as in `logger.warn({ err, reqId }, 'message')`: the request id travels explicitly, never in an
 * AsyncLocalStorage, whose upkeep on every await of every request costs the hot path.
 *
 * Nest's Logger hands its context over as the last parameter; a first parameter that is an object
 * is merged into the line (an Error becomes `err`), as in `logger.warn({ err }, 'message')`.
 */
export class AppLogger implements LoggerService {
  constructor(readonly pino: Pino) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const line: Record<string, unknown> = {};
    const rest = params.length > 0 ? params.slice(0, -1) : params;
    if (params.length > 0 && params[params.length - 1] !== undefined)
      line.context = params[params.length - 1];
    if (message instanceof Error) {
      line.err = message;
      this.pino[level](line, message.message);
    } else if (typeof message === 'object' && message !== null) {
      Object.assign(line, message);
      this.pino[level](line, typeof rest[0] === 'string' ? rest[0] : undefined);
    } else {
      // Nest's own error lines pass a stack as the parameter before the context.
      if (level === 'error' && typeof rest[0] === 'string') line.stack = rest[0];
      this.pino[level](line, String(message));
    }
  }
}
