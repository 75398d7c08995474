import { randomUUID } from 'node:crypto';
import { zeroFlightMinutes } from '../logbook';
import { decodeEventMessage } from './decode-event';
import { encodeEventMessage, type EventMessage } from './event-message';
import { CURRENT_EVENT_VERSION } from './pilot-events';
import { upcast } from './upcasters';

const pilot = randomUUID();

/** A flight as version 1 stored it: none of the fields of richer records. */
const v1Flight = {
  flight_id: randomUUID(),
  date: '2026-05-01',
  kind: 'flight',
  aircraft: { category: 'airplane', rating_key: 'sep_land', registration: 'D-EABC' },
  minutes: { ...zeroFlightMinutes(), total_flight_time: 60, pic: 60, single_engine: 60 },
  landings: { day: 1, night: 0 },
};

const richerFlight = {
  ...v1Flight,
  aircraft: {
    ...v1Flight.aircraft,
    type_designator: 'C172',
    engine: 'piston',
    features: ['high_performance', 'retractable_gear'],
  },
  takeoffs: { day: 1, night: 0 },
  landings: { day: 1, night: 0, day_full_stop: 1, night_full_stop: 0 },
  approaches: 2,
  holds: 1,
};

const encoded = (type: 'FlightRecorded' | 'FlightAmended', version: number, flight: unknown): Buffer =>
  encodeEventMessage({
    event_id: randomUUID(),
    type,
    version,
    stream_id: `logbook-${pilot}`,
    stream_version: 1,
    position: '1',
    pilot_account_id: pilot,
    occurred_at: '2026-05-01T10:00:00.000Z',
    payload: { pilot_account_id: pilot, flight },
    metadata: {},
  } as EventMessage);

describe('flight events, version 2 (richer flight records)', () => {
  it('is the version writers append for FlightRecorded and FlightAmended', () => {
    expect(CURRENT_EVENT_VERSION.FlightRecorded).toBe(2);
    expect(CURRENT_EVENT_VERSION.FlightAmended).toBe(2);
  });

  it.each(['FlightRecorded', 'FlightAmended'] as const)(
    'reads a stored %s of version 1 as version 2 with the new fields absent, adding nothing',
    (type) => {
      const result = decodeEventMessage(encoded(type, 1, v1Flight));
      expect(result).toMatchObject({ ok: true, message: { type, version: 2 } });
      expect(result.ok && result.message.payload).toEqual({ pilot_account_id: pilot, flight: v1Flight });
    },
  );

  it('lifts a version 1 payload unchanged', () => {
    const payload = { pilot_account_id: pilot, flight: v1Flight };
    expect(upcast('FlightRecorded', 1, payload)).toEqual({ version: 2, payload });
  });

  it('accepts the new fields at version 2', () => {
    const result = decodeEventMessage(encoded('FlightRecorded', 2, richerFlight));
    expect(result.ok && result.message.payload).toEqual({ pilot_account_id: pilot, flight: richerFlight });
  });

  it.each([
    ['a lower-case type designator', { aircraft: { ...richerFlight.aircraft, type_designator: 'c172' } }],
    ['an unknown engine', { aircraft: { ...richerFlight.aircraft, engine: 'steam' } }],
    ['a feature twice', { aircraft: { ...richerFlight.aircraft, features: ['taa', 'taa'] } }],
    ['takeoffs without night', { takeoffs: { day: 1 } }],
    ['100 approaches', { approaches: 100 }],
    ['an unknown landings field', { landings: { day: 1, night: 0, touch_and_go: 1 } }],
  ])('refuses %s', (_what, change) => {
    const result = decodeEventMessage(encoded('FlightRecorded', 2, { ...richerFlight, ...change }));
    expect(result).toEqual({ ok: false, reason: expect.stringContaining('FlightRecorded payload') });
  });

  it('refuses a version newer than this reader knows', () => {
    expect(decodeEventMessage(encoded('FlightRecorded', 3, v1Flight))).toEqual({
      ok: false,
      reason: 'FlightRecorded version 3 is newer than this reader knows',
    });
  });
});

describe('consent events, version 2 (what the pilot shares)', () => {
  const consentMessage = (type: 'LinkingCodeIssued' | 'PilotLinked', version: number, payload: unknown) =>
    encodeEventMessage({
      event_id: randomUUID(),
      type,
      version,
      stream_id: `consent-${pilot}`,
      stream_version: 1,
      position: '1',
      pilot_account_id: pilot,
      occurred_at: '2026-05-01T10:00:00.000Z',
      payload,
      metadata: {},
    } as EventMessage);
  const code = {
    pilot_account_id: pilot,
    code_hash: 'ab'.repeat(32),
    expires_at: '2026-05-01T10:10:00.000Z',
  };
  const link = {
    pilot_account_id: pilot,
    partner_id: randomUUID(),
    connection_id: randomUUID(),
    linked_at: '2026-05-01T10:01:00.000Z',
  };

  it.each([
    ['LinkingCodeIssued', code],
    ['PilotLinked', link],
  ] as const)('reads a %s of version 1 as version 2 sharing no experience', (type, payload) => {
    const result = decodeEventMessage(consentMessage(type, 1, payload));
    expect(result).toMatchObject({ ok: true, message: { type, version: 2 } });
    expect(result.ok && result.message.payload).toEqual({ ...payload, share_experience: false });
  });

  it.each([
    ['LinkingCodeIssued', code],
    ['PilotLinked', link],
  ] as const)(
    'takes a %s of version 2 as it is, and refuses one without share_experience',
    (type, payload) => {
      const shared = decodeEventMessage(consentMessage(type, 2, { ...payload, share_experience: true }));
      expect(shared.ok && shared.message.payload).toEqual({ ...payload, share_experience: true });
      expect(decodeEventMessage(consentMessage(type, 2, payload))).toMatchObject({ ok: false });
    },
  );
});
