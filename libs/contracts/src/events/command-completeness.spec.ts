import { type CommandPart, incompleteCommand } from './command-completeness';

const e = (offset: number, stream: string, version: number, end?: number): CommandPart => ({
  offset: String(offset),
  stream_id: stream,
  stream_version: version,
  ...(end === undefined ? {} : { command_last_version: end }),
});

describe('incompleteCommand', () => {
  it('answers null when every command is whole, or carries no end (older events)', () => {
    expect(incompleteCommand([])).toBeNull();
    expect(incompleteCommand([e(0, 'a', 1, 1), e(1, 'a', 2, 3), e(2, 'b', 1), e(3, 'a', 3, 3)])).toBeNull();
  });

  it('answers the first offset of a command whose last event is not here yet, and its last one here', () => {
    expect(incompleteCommand([e(0, 'a', 1, 1), e(1, 'a', 2, 4), e(2, 'a', 3, 4)])).toEqual({
      first: '1',
      last: '2',
    });
  });

  it('answers the earliest such command across pilots interleaved in the partition', () => {
    const events = [e(10, 'a', 1, 1), e(11, 'b', 5, 7), e(12, 'a', 2, 3), e(13, 'b', 6, 7), e(14, 'c', 1, 1)];
    expect(incompleteCommand(events)).toEqual({ first: '11', last: '13' });
  });

  it('looks only at the last command of each stream: earlier ones were whole if a later one follows', () => {
    expect(incompleteCommand([e(0, 'a', 1, 2), e(1, 'a', 3, 3)])).toBeNull();
  });

  it('moves its last event on as more of the command comes, its first staying', () => {
    const events = [e(0, 'a', 1, 5), e(1, 'b', 1, 1), e(2, 'a', 2, 5)];
    expect(incompleteCommand(events)).toEqual({ first: '0', last: '2' });
    expect(incompleteCommand([...events, e(3, 'a', 3, 5)])).toEqual({ first: '0', last: '3' });
    expect(incompleteCommand([...events, e(3, 'a', 3, 5), e(4, 'a', 4, 5), e(5, 'a', 5, 5)])).toBeNull();
  });
});
