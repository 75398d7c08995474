import { HeldCommands, HOLD_LIMIT_MS } from './held-commands';

describe('HeldCommands', () => {
  let now = 0;
  const held = () => new HeldCommands(() => now);

  beforeEach(() => (now = 1_000));

  it('reads a held-back command again, and applies it in parts once held longer than the limit', () => {
    const commands = held();
    expect(commands.note(3, '40')).toBe('40');
    now += HOLD_LIMIT_MS;
    expect(commands.note(3, '40')).toBe('40');
    expect(commands.heldTooLong(3, '40')).toBe(false);
    now += 1;
    expect(commands.heldTooLong(3, '40')).toBe(true);
    expect(commands.heldTooLong(3, '41')).toBe(false);
    expect(commands.heldTooLong(4, '40')).toBe(false);
  });

  it('starts the clock again for another command, and forgets a partition that held nothing back', () => {
    const commands = held();
    commands.note(0, '10');
    now += HOLD_LIMIT_MS + 1;
    expect(commands.note(0, '12')).toBe('12');
    expect(commands.heldTooLong(0, '12')).toBe(false);
    now += HOLD_LIMIT_MS + 1;
    expect(commands.heldTooLong(0, '12')).toBe(true);
    expect(commands.note(0, null)).toBeUndefined();
    expect(commands.heldTooLong(0, '12')).toBe(false);
  });
});
