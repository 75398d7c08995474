import { EventEmitter } from 'node:events';
import { type LoggerService } from '@nestjs/common';
import { logProcessWarnings } from './process-warnings';

const warning = (name: string, message: string, code?: string): Error =>
  Object.assign(new Error(message), { name }, code === undefined ? {} : { code });

describe('logProcessWarnings', () => {
  it('replaces the printer: each warning goes to the logger with its name and code', () => {
    const target = new EventEmitter();
    const printed: Error[] = [];
    target.on('warning', (w: Error) => printed.push(w));
    const lines: unknown[][] = [];
    const log = { warn: (...args: unknown[]) => lines.push(args) } as unknown as LoggerService;

    logProcessWarnings(log, target);
    target.emit('warning', warning('DeprecationWarning', 'the old way', 'DEP0999'));
    target.emit('warning', warning('TimeoutNegativeWarning', '-5 is a negative number.'));

    expect(printed).toEqual([]);
    expect(lines).toEqual([
      [{ warning: 'DeprecationWarning', code: 'DEP0999' }, 'the old way', 'process'],
      [{ warning: 'TimeoutNegativeWarning' }, '-5 is a negative number.', 'process'],
    ]);
  });
});
