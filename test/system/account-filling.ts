import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { call } from '../webhooks/webhooks.harness';
import { marker, secretFlight, STARTING, type TestPilot } from './account-erasure.support';

/** Where a test pilot's account is filled: the pilot app API, and the partner API with a partner's keys. */
export interface FillingPlaces {
  pilotApiUrl: string;
  partnerApiUrl: string;
  /** The partner's key for totals reads and links. */
  partnerKey: string;
  /** The same partner's key for requirement checks. */
  checksKey: string;
}

/** A test pilot's account with everything an erasure must remove, and its logbook file pending import. */
export type FilledPilot = TestPilot & { pendingRemark?: string };

/** The `data` of the pilot app API's answers this file reads. */
interface Data {
  data: {
    flights: ({ flight_id: string; remarks?: string } & Record<string, unknown>)[];
    linking_token: string;
    pilot_id: string;
  };
}

const pilotApi = (places: FillingPlaces, pilot: TestPilot, method: string, path: string, body?: unknown) =>
  call<Data>(`${places.pilotApiUrl}${path}`, method, pilot.token, body);

/**
 * Flights written one by one and imported, one amended, starting totals, a link to the partner with an
 * Idempotency-Key (its stored answer holds the pilot_id), the experience shared and a requirement check
 * of it (recorded in the access history), and a logbook file uploaded and never committed.
 */
export async function fillAccount(places: FillingPlaces, pilot: FilledPilot): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const flight = secretFlight(pilot);
    expect((await pilotApi(places, pilot, 'POST', '/pilot/v1/flights', flight)).status).toBe(201);
  }
  const imported = [secretFlight(pilot), secretFlight(pilot)];
  expect(
    (await pilotApi(places, pilot, 'POST', '/pilot/v1/flights/import', { flights: imported })).status,
  ).toBe(201);
  const amended = { ...(await pilotApi(places, pilot, 'GET', '/pilot/v1/flights')).body.data.flights[0] };
  amended.remarks = `amended ${marker(20)}`;
  pilot.secrets.push(JSON.stringify(amended.remarks));
  expect(
    (await pilotApi(places, pilot, 'PUT', `/pilot/v1/flights/${amended.flight_id}`, amended)).status,
  ).toBe(200);
  expect((await pilotApi(places, pilot, 'PUT', '/pilot/v1/starting-totals', STARTING)).status).toBe(200);
  pilot.starting = STARTING;
  pilot.flights = (await pilotApi(places, pilot, 'GET', '/pilot/v1/flights')).body.data.flights;
  // Sharing the experience: the partner checks requirements, which the access history records.
  const code = await pilotApi(places, pilot, 'POST', '/pilot/v1/linking-codes', { share_experience: true });
  // With an Idempotency-Key: the stored answer holds the pilot_id, and must go with the account.
  const linked = await fetch(`${places.partnerApiUrl}/v1/link`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${places.partnerKey}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ linking_token: code.body.data.linking_token }),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as Data }));
  expect(linked.status).toBe(200);
  pilot.pilotId = linked.body.data.pilot_id;
  const checked = await call(
    `${places.partnerApiUrl}/v1/pilot-requirements/check`,
    'POST',
    places.checksKey,
    {
      pilot_id: pilot.pilotId,
      requirements: [{ id: 'tt', metric: 'total_flight_time_minutes', at_least: 60 }],
    },
  );
  expect(checked.status).toBe(200);
  await uploadPendingImport(places, pilot);
}

/** A logbook file uploaded, not committed: kept as uploaded in pending_imports, its remark noted. */
async function uploadPendingImport(places: FillingPlaces, pilot: FilledPilot): Promise<void> {
  const remarks = `pending ${marker(24)}`;
  pilot.pendingRemark = remarks;
  const file = `date,kind,category,rating_key,total_flight_time,pic,remarks\n2026-05-02,flight,airplane,sep_land,60,60,${remarks}\n`;
  const res = await fetch(`${places.pilotApiUrl}/pilot/v1/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${pilot.token}`, 'content-type': 'text/csv' },
    body: file,
  });
  expect(res.status).toBe(201);
}

/** How many of the pilot's pending imports there are, and how many hold its pending file's remark. */
export async function pendingImportsOf(
  db: DataSource,
  pilot: FilledPilot,
): Promise<{ rows: number; holding: number }> {
  const [row] = await db.query<{ rows: number; holding: number }[]>(
    `select count(*)::int as rows,
            count(*) filter (where position(convert_to($2, 'UTF8') in bytes) > 0)::int as holding
       from pending_imports where pilot_account_id = $1 or position(convert_to($2, 'UTF8') in bytes) > 0`,
    [pilot.id, pilot.pendingRemark],
  );
  return row!;
}
