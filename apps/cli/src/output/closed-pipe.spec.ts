import { EventEmitter } from 'node:events';
import { endQuietlyOnClosedPipe } from './closed-pipe';

const errno = (code: string): NodeJS.ErrnoException =>
  Object.assign(new Error(`write ${code}`), { code, syscall: 'write' });

describe('endQuietlyOnClosedPipe', () => {
  it('ends with exit code 0 when the reader has gone (EPIPE)', () => {
    const pipe = new EventEmitter();
    const exit = jest.fn();
    endQuietlyOnClosedPipe(pipe, exit);
    pipe.emit('error', errno('EPIPE'));
    expect(exit).toHaveBeenCalledWith(0);
  });

  it('throws any other error of the stream, exiting nowhere', () => {
    const pipe = new EventEmitter();
    const exit = jest.fn();
    endQuietlyOnClosedPipe(pipe, exit);
    expect(() => pipe.emit('error', errno('ENOSPC'))).toThrow('write ENOSPC');
    expect(exit).not.toHaveBeenCalled();
  });
});
