import { type CommandPart, incompleteCommandStart } from './command-completeness';

const e = (offset: number, stream: string, version: number, end?: number): CommandPart => ({
  offset: String(offset),
  stream_id: stream,
  stream_version: version,
  ...(end === undefined ? {} : { command_last_version: end }),
});

describe('incompleteCommandStart', () => {
  it('answers null when every command is whole, or carries no end (older events)', () => {
    expect(incompleteCommandStart([])).toBeNull();
    expect(
      incompleteCommandStart([e(0, 'a', 1, 1), e(1, 'a', 2, 3), e(2, 'b', 1), e(3, 'a', 3, 3)]),
    ).toBeNull();
  });

  it('answers the first offset of a command whose last event is not here yet', () => {
    expect(incompleteCommandStart([e(0, 'a', 1, 1), e(1, 'a', 2, 4), e(2, 'a', 3, 4)])).toBe('1');
  });

  it('answers the earliest such command across pilots interleaved in the partition', () => {
    const events = [e(10, 'a', 1, 1), e(11, 'b', 5, 7), e(12, 'a', 2, 3), e(13, 'b', 6, 7), e(14, 'c', 1, 1)];
    expect(incompleteCommandStart(events)).toBe('11');
  });

  it('looks only at the last command of each stream: earlier ones were whole if a later one follows', () => {
    expect(incompleteCommandStart([e(0, 'a', 1, 2), e(1, 'a', 3, 3)])).toBeNull();
  });
});
