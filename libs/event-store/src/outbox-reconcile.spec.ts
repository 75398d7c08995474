import { randomUUID } from 'node:crypto';
import { eventIdOf, inFlight, readSlices, readTopicFrom, splitByTopic } from './outbox-reconcile';
import { toKafkaMessage, type OutboxRow } from './outbox-rows';

let position = 0;
function row(mark?: { at: number; token: string }): OutboxRow {
  const pilot = randomUUID();
  position += 1;
  return {
    position: String(position),
    event_id: randomUUID(),
    stream_id: `logbook-${pilot}`,
    stream_version: position,
    type: 'FlightDeleted',
    schema_version: 1,
    pilot_account_id: pilot,
    payload_json: JSON.stringify({ pilot_account_id: pilot, flight_id: randomUUID() }),
    metadata_json: JSON.stringify({ request_id: 'req_1' }),
    occurred_at: '2026-01-01T00:00:00.000Z',
    sent_at_ms: mark?.at ?? null,
    sent_token: mark?.token ?? null,
  };
}

describe('finding rows in flight on the topic', () => {
  it('takes only rows with a mark as in flight', () => {
    const marked = [row({ at: 5000, token: '3' }), row({ at: 6000, token: '4' })];
    expect(inFlight([row(), ...marked, row()])).toEqual(marked);
  });

  it('reads the topic from the earliest mark less the margin, and not at all without marks', () => {
    expect(
      readTopicFrom([row(), row({ at: 90_000, token: '2' }), row({ at: 70_000, token: '1' })], 60_000),
    ).toBe(10_000);
    expect(readTopicFrom([row(), row()], 60_000)).toBeUndefined();
  });

  it("names a message's event by its header, else by its value", () => {
    const r = row();
    const message = toKafkaMessage(r);
    const value = Buffer.from(message.value as string);
    expect(eventIdOf({ headers: { event_id: 'from-header' }, value })).toBe('from-header');
    expect(eventIdOf({ headers: {}, value })).toBe(r.event_id);
    expect(eventIdOf({ headers: {}, value: Buffer.from('not an event') })).toBeUndefined();
    expect(eventIdOf({ headers: {}, value: null })).toBeUndefined();
  });

  it('counts as published only marked rows found on the topic; the rest are sent, in order', () => {
    const found = row({ at: 1, token: '1' });
    const lost = row({ at: 1, token: '1' });
    const fresh = row();
    const later = row({ at: 2, token: '2' });
    // A row never marked cannot have been sent, whatever the topic holds.
    const onTopic = new Set([found.event_id, fresh.event_id, later.event_id]);
    expect(splitByTopic([found, lost, fresh, later], onTopic)).toEqual({
      published: [found, later],
      unsent: [lost, fresh],
    });
  });
});

describe('reading the topic back in slices', () => {
  const range = (partition: number, from: number, to: number) => ({
    partition,
    from: String(from),
    to: String(to),
  });

  it('cuts the ranges into reads of at most the limit, from the ends backward, covering each offset once', () => {
    const slices = readSlices([range(0, 0, 25), range(1, 10, 14), range(2, 5, 5)], 10);
    expect(slices).toEqual([[range(0, 20, 25), range(1, 10, 14)], [range(0, 10, 20)], [range(0, 0, 10)]]);
  });

  it('reads nothing for empty ranges, and one offset a partition when they outnumber the limit', () => {
    expect(readSlices([range(0, 3, 3)], 10)).toEqual([]);
    expect(readSlices([range(0, 0, 2), range(1, 0, 1)], 1)).toEqual([
      [range(0, 1, 2), range(1, 0, 1)],
      [range(0, 0, 1)],
    ]);
  });
});
