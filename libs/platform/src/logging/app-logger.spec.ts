import { Logger } from '@nestjs/common';
import pino from 'pino';
import { AppLogger } from './app-logger';

/** An AppLogger whose pino writes into an array instead of standard output. */
function capture(level = 'info'): { logger: AppLogger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) };
  const logger = new AppLogger(pino({ level, serializers: { err: pino.stdSerializers.err } }, stream));
  return { logger, lines };
}

describe('AppLogger', () => {
  it('writes a Nest logger line with its context, and the request id its caller passes', () => {
    const { logger, lines } = capture();
    const nest = new Logger('rate-limit');
    Logger.overrideLogger(logger);
    try {
      nest.log('outside');
      nest.warn({ err: 'refused', reqId: 'req_1' }, 'Redis unreachable');
    } finally {
      Logger.overrideLogger(false);
    }
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, context: 'rate-limit', msg: 'outside' }),
      expect.objectContaining({
        level: 40,
        context: 'rate-limit',
        reqId: 'req_1',
        err: 'refused',
        msg: 'Redis unreachable',
      }),
    ]);
    expect(lines[0]).not.toHaveProperty('reqId');
  });

  it('turns an Error into err with its stack, and keeps a stack handed over as a string', () => {
    const { logger, lines } = capture();
    logger.error(new Error('boom'), 'http');
    logger.error('failed', 'Error: failed\n    at somewhere', 'ExceptionHandler');
    expect(lines[0]).toMatchObject({ level: 50, context: 'http', msg: 'boom', err: { message: 'boom' } });
    expect((lines[0]!.err as { stack: string }).stack).toContain('Error: boom');
    expect(lines[1]).toMatchObject({
      msg: 'failed',
      context: 'ExceptionHandler',
      stack: 'Error: failed\n    at somewhere',
    });
  });

  it('writes nothing below its level', () => {
    const { logger, lines } = capture('warn');
    logger.log('hidden', 'ctx');
    logger.debug('hidden', 'ctx');
    logger.warn('shown', 'ctx');
    expect(lines.map((l) => l.msg)).toEqual(['shown']);
  });
});
