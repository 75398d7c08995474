import { type EventMessage } from '@pft/contracts';
import { afterHeld, type DecodedMessage, splitAtIncompleteCommand } from './batch-messages';

/** A decoded event of `stream` at `version`, of a command ending at `end`, at `offset`. */
const event = (offset: number, stream: string, version: number, end?: number): DecodedMessage => ({
  message: { offset: String(offset), key: null, value: null },
  decoded: {
    ok: true,
    message: {
      stream_id: stream,
      stream_version: version,
      metadata: end === undefined ? {} : { command_last_version: end },
    } as EventMessage,
  },
});
const unreadable = (offset: number): DecodedMessage => ({
  message: { offset: String(offset), key: null, value: null },
  decoded: { ok: false, reason: 'message is not valid JSON' },
});
const offsets = (messages: readonly { message: { offset: string } }[]) =>
  messages.map((m) => m.message.offset);

describe('splitAtIncompleteCommand', () => {
  const messages = [
    event(10, 'a', 1, 1),
    event(11, 'b', 1, 3),
    unreadable(12),
    event(13, 'b', 2, 3),
    event(14, 'a', 2, 2),
  ];

  it('applies everything when every command is whole', () => {
    const whole = [...messages, event(15, 'b', 3, 3)];
    expect(splitAtIncompleteCommand(whole)).toEqual({ apply: whole, held: [], heldCommand: null });
  });

  it('holds back the earliest command the messages hold only part of, and everything after it', () => {
    const split = splitAtIncompleteCommand(messages);
    expect(offsets(split.apply)).toEqual(['10']);
    expect(offsets(split.held)).toEqual(['11', '12', '13', '14']);
    expect(split.heldCommand).toEqual({ first: '11', last: '13' });
  });

  it('asks the caller about that command, with how many messages it would hold back', () => {
    const asked: unknown[] = [];
    const split = splitAtIncompleteCommand(messages, (command) => {
      asked.push(command);
      return false;
    });
    expect(asked).toEqual([{ first: '11', last: '13', messages: 4 }]);
    expect(split).toEqual({ apply: messages, held: [], heldCommand: null });
    expect(splitAtIncompleteCommand(messages, () => true).heldCommand).toEqual({ first: '11', last: '13' });
  });

  it('applies everything, in parts, when told never to hold back', () => {
    expect(splitAtIncompleteCommand(messages, false)).toEqual({
      apply: messages,
      held: [],
      heldCommand: null,
    });
  });
});

describe('afterHeld', () => {
  const fetched = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => ({ offset: String(from + i), key: null, value: null }));

  it('keeps a fetch whole when nothing is held, and skips what a fetch brings again of what is held', () => {
    expect(afterHeld([], fetched(3, 5))).toEqual(fetched(3, 5));
    const held = [event(3, 'a', 1, 9), event(4, 'a', 2, 9)];
    expect(afterHeld(held, fetched(4, 6)).map((m) => m.offset)).toEqual(['5', '6']);
  });
});
