import fc from 'fast-check';
import { encodeEventMessage, encodeEventMessageJson, type EventMessage } from './event-message';
import { decodeEventMessage } from './decode-event';

const message = fc.record({
  event_id: fc.string(),
  type: fc.constantFrom('FlightRecorded', 'FlightDeleted', 'PilotLinked'),
  version: fc.integer({ min: 1, max: 9 }),
  stream_id: fc.string(),
  stream_version: fc.nat(),
  position: fc.bigInt({ min: 1n, max: 2n ** 62n }).map(String),
  pilot_account_id: fc.string(),
  occurred_at: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  payload: fc.dictionary(fc.string(), fc.jsonValue()),
  metadata: fc.record({ request_id: fc.string(), command_last_version: fc.nat() }, { requiredKeys: [] }),
}) as fc.Arbitrary<EventMessage>;

describe('encodeEventMessageJson', () => {
  it('makes the message encodeEventMessage makes, from payload and metadata as JSON text in any layout', () => {
    fc.assert(
      fc.property(message, fc.constantFrom(undefined, 1, '  '), (m, space) => {
        const { payload, metadata, ...head } = m;
        const encoded = encodeEventMessageJson(
          head,
          JSON.stringify(payload, null, space),
          JSON.stringify(metadata, null, space),
        );
        expect(JSON.parse(encoded.toString('utf8'))).toEqual(
          JSON.parse(encodeEventMessage(m).toString('utf8')),
        );
      }),
    );
  });

  it('is read by consumers as the same event', () => {
    const m: EventMessage = {
      event_id: '5f0c4a56-61a6-4a43-b4c5-58b1f6a9a0f1',
      type: 'FlightDeleted',
      version: 1,
      stream_id: 'logbook-9b1d0c5e-1c2f-4f0e-9a7b-2f7c4c1d2e3f',
      stream_version: 3,
      position: '42',
      pilot_account_id: '9b1d0c5e-1c2f-4f0e-9a7b-2f7c4c1d2e3f',
      occurred_at: '2026-11-23T10:00:00.000Z',
      payload: {
        pilot_account_id: '9b1d0c5e-1c2f-4f0e-9a7b-2f7c4c1d2e3f',
        flight_id: '0d9f8e7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f',
      },
      metadata: { request_id: 'req_1', command_last_version: 3 },
    };
    const { payload, metadata: _metadata, ...head } = m;
    // Postgres's text form of jsonb: a space after each colon and comma.
    const fromDatabase = encodeEventMessageJson(
      head,
      JSON.stringify(payload).replace(/":"/g, '": "').replace(/","/g, '", "'),
      '{"request_id": "req_1", "command_last_version": 3}',
    );
    expect(decodeEventMessage(fromDatabase)).toEqual({ ok: true, message: m });
  });
});
