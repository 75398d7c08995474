import { type Flight, type PilotTotals, type StartingTotals } from '@pft/contracts';
import { formatLogbookCsv, type Parsed, parseFlight, parseStartingTotals } from '@pft/logbook/domain';

/**
 * Examples of what the pilot app API takes and answers, shown with each operation. Typed as the
 * values the code handles, and checked against their schemas by the description's lint, so they
 * cannot drift from what the API really accepts.
 */

/** An example as the write side stores it: what it parses its input to (an example it refuses fails at load). */
function asStored<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw new Error(`an example the pilot app API refuses: ${JSON.stringify(parsed.issues)}`);
  return parsed.value;
}

export const EXAMPLE_META = { api_version: 'v1', request_id: 'req_01JDQ8Z5W3K9M2N4P6R8T0V2X4' } as const;

/** A flight as sent: the minutes it has; the rest are 0. */
export const FLIGHT_INPUT_EXAMPLE = {
  flight_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  date: '2026-11-20',
  kind: 'flight',
  aircraft: {
    category: 'airplane',
    rating_key: 'sep_land',
    registration: 'D-EKMW',
    type_designator: 'C172',
    engine: 'piston',
  },
  departure: 'EDFE',
  arrival: 'EDDR',
  minutes: { total_flight_time: 75, pic: 75, cross_country: 75, single_engine: 75 },
  takeoffs: { day: 1, night: 0 },
  landings: { day: 1, day_full_stop: 1 },
  approaches: 1,
  remarks: 'Cross-country to Saarbrücken',
};

/** The same flight as stored and answered (its fields in the order sent): every minutes field present. */
export const FLIGHT_EXAMPLE: Flight = {
  ...FLIGHT_INPUT_EXAMPLE,
  ...asStored(parseFlight(FLIGHT_INPUT_EXAMPLE, '2026-11-20')),
};

/** A simulator session as sent: simulator minutes and nothing else. */
const SIMULATOR_INPUT_EXAMPLE = {
  flight_id: '0b8e2f4a-61c3-4d95-8a7e-3f2c1d9b6e54',
  date: '2026-11-18',
  kind: 'simulator',
  aircraft: { category: 'airplane', rating_key: 'type_a320', type_designator: 'A320' },
  minutes: { simulator: 240 },
  approaches: 6,
  holds: 1,
};

export const FLIGHT_IMPORT_EXAMPLE = { flights: [FLIGHT_INPUT_EXAMPLE, SIMULATOR_INPUT_EXAMPLE] };

export const FLIGHT_IMPORT_RESULT_EXAMPLE = { imported: 2 };

export const FLIGHT_PAGE_EXAMPLE = {
  flights: [FLIGHT_EXAMPLE],
  next_cursor: 'MjAyNi0xMS0yMHw3YzllNjY3OS03NDI1LTQwZGUtOTQ0Yi1lMDdmYzFmOTBhZTc',
};

/** Starting totals as sent: the fields the earlier logbook had. */
export const LOGBOOK_CSV_EXAMPLE = formatLogbookCsv([FLIGHT_EXAMPLE]);

export const STARTING_TOTALS_INPUT_EXAMPLE = {
  totals: {
    total_flight_time_minutes: 12000,
    pic_minutes: 9000,
    dual_minutes: 3000,
    single_engine_minutes: 12000,
  },
  landings: { total_day: 640, total_night: 12 },
  rating_breakdown: { sep_land: 12000 },
  flight_count: 410,
};

export const STARTING_TOTALS_EXAMPLE: StartingTotals = asStored(
  parseStartingTotals(STARTING_TOTALS_INPUT_EXAMPLE),
);

/** The starting totals above plus the flight above. */
export const OWN_TOTALS_EXAMPLE: PilotTotals & { last_updated: string } = {
  last_updated: '2026-11-24T09:18:42.512Z',
  totals: {
    total_flight_time_minutes: 12075,
    pic_minutes: 9075,
    sic_minutes: 0,
    dual_minutes: 3000,
    instructor_minutes: 0,
    cross_country_minutes: 75,
    night_minutes: 0,
    ifr_minutes: 0,
    actual_instrument_minutes: 0,
    simulated_instrument_minutes: 0,
    single_engine_minutes: 12075,
    multi_engine_minutes: 0,
    multi_pilot_minutes: 0,
    simulator_minutes: 0,
  },
  landings: { total_day: 641, total_night: 12 },
  rating_breakdown: { sep_land: 12075 },
  flight_count: 411,
  last_flight_date: '2026-11-20T00:00:00.000Z',
};

export const LINKING_CODE_EXAMPLE = {
  linking_token: 'PFT-7K2M-9QXR-4HNB-C8VD',
  expires_at: '2026-11-24T09:28:42.512Z',
};

const PARTNER_EXAMPLE = { id: 'c2d5e8f1-4a7b-4c0d-9e3f-6a9b2c5d8e1f', name: 'SkyCrew Scheduling' };

export const CONNECTION_LIST_EXAMPLE = {
  connections: [
    {
      connection_id: '3f6c2b9e-8d41-4a7f-9b2e-5c1d0a7e4f18',
      partner: PARTNER_EXAMPLE,
      linked_at: '2026-11-02T14:05:09.117Z',
      shared: ['totals', 'experience'],
    },
  ],
};

/** The access history of a pilot linked to one partner that reads daily. */
export const ACCESS_HISTORY_EXAMPLE = {
  partners: [
    {
      partner: PARTNER_EXAMPLE,
      events: [{ type: 'linked', at: '2026-11-02T14:05:09.117Z' }],
      reads: [
        { date: '2026-11-25', count: 14, last_at: '2026-11-25T18:30:02.441Z' },
        { date: '2026-11-24', count: 3, last_at: '2026-11-24T07:12:45.003Z' },
      ],
      experience_reads: [{ date: '2026-11-25', count: 2, last_at: '2026-11-25T18:30:02.512Z' }],
      requirement_checks: [
        {
          at: '2026-11-25T18:31:10.208Z',
          as_of: '2026-11-25',
          requirements: [
            { id: 'tt', metric: 'total_flight_time_minutes', at_least: 90000 },
            { id: 'night_pax', currency: 'faa_61_57_b', group: 'airplane_sel' },
          ],
        },
      ],
    },
  ],
};

/** A pilot's export: one flight recorded, then amended; linked to one partner. */
export const PILOT_EXPORT_EXAMPLE = {
  exported_at: '2026-11-25T19:00:00.000Z',
  account: { id: '9b2f6c1e-3d4a-4e5f-8a7b-1c2d3e4f5a6b' },
  flights: [FLIGHT_EXAMPLE],
  logbook_events: [
    {
      event_id: '0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
      type: 'FlightRecorded',
      version: 1,
      stream_version: 1,
      occurred_at: '2026-11-20T17:40:11.020Z',
      payload: {
        pilot_account_id: '9b2f6c1e-3d4a-4e5f-8a7b-1c2d3e4f5a6b',
        flight: { ...FLIGHT_EXAMPLE, remarks: 'Cross-country' },
      },
    },
    {
      event_id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      type: 'FlightAmended',
      version: 1,
      stream_version: 2,
      occurred_at: '2026-11-21T08:02:37.500Z',
      payload: { pilot_account_id: '9b2f6c1e-3d4a-4e5f-8a7b-1c2d3e4f5a6b', flight: FLIGHT_EXAMPLE },
    },
  ],
  starting_totals: null,
  connections: [
    {
      connection_id: '3f6c2b9e-8d41-4a7f-9b2e-5c1d0a7e4f18',
      partner: PARTNER_EXAMPLE,
      linked_at: '2026-11-02T14:05:09.117Z',
      disconnected_at: null,
      shared: ['totals'],
    },
  ],
  consent_events: [
    {
      event_id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
      type: 'PilotLinked',
      version: 2,
      stream_version: 2,
      occurred_at: '2026-11-02T14:05:09.117Z',
      payload: {
        pilot_account_id: '9b2f6c1e-3d4a-4e5f-8a7b-1c2d3e4f5a6b',
        partner_id: PARTNER_EXAMPLE.id,
        connection_id: '3f6c2b9e-8d41-4a7f-9b2e-5c1d0a7e4f18',
        linked_at: '2026-11-02T14:05:09.117Z',
        share_experience: false,
      },
    },
  ],
  access_history: ACCESS_HISTORY_EXAMPLE,
  pending_imports: [
    {
      import_id: '7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a',
      format: 'auto',
      status: 'previewed',
      uploaded_at: '2026-11-20T18:02:11.204Z',
      expires_at: '2026-11-21T18:02:11.204Z',
      file_bytes: 48213,
      choices: { aircraft: { N12345: { category: 'airplane', rating_key: 'sep_land' } } },
      commit_result: null,
    },
  ],
};
