import { messageBytes, sendParts } from './send-parts';

const message = (value: string, key = 'k') => ({ key, value, headers: { event_id: 'e' } });

describe('sendParts', () => {
  it('counts a message by its bytes, not its characters: key, value, headers and the overhead', () => {
    expect(messageBytes(message('ж'.repeat(10)))).toBe(32 + 1 + 20 + 'event_id'.length + 1);
    expect(messageBytes({ key: null, value: Buffer.alloc(100) })).toBe(132);
  });

  it('keeps a batch that fits as one part', () => {
    const messages = [message('a'), message('b')];
    expect(sendParts(messages, 1000)).toEqual([messages]);
  });

  it('cuts a batch over the bound into consecutive parts within it, in order', () => {
    const messages = Array.from({ length: 10 }, (_, i) => message(String(i).repeat(58)));
    // Each message is 100 bytes: three fit in 350.
    const parts = sendParts(messages, 350);
    expect(parts.map((p) => p.length)).toEqual([3, 3, 3, 1]);
    expect(parts.flat()).toEqual(messages);
    for (const part of parts) expect(part.reduce((s, m) => s + messageBytes(m), 0)).toBeLessThanOrEqual(350);
  });

  it('sends a message larger than the bound alone, and nothing for no messages', () => {
    const big = message('x'.repeat(500));
    expect(sendParts([message('a'), big, message('b')], 100)).toEqual([
      [message('a')],
      [big],
      [message('b')],
    ]);
    expect(sendParts([], 100)).toEqual([]);
  });
});
