import { CURRENT_EVENT_VERSION, type PilotEventType } from '@pft/contracts';
import { bearer as partnerAuth } from '../partner-api/partner-api.expectations';
import { partnerWithKey, type TestPartner } from '../partner-api/partner-api.factories';
import { AccessRecorder } from '../../apps/partner-api/src/access-history/access-recorder';
import { flightBody } from './support/ingestion-harness';
import { ingestionWithPartnerApi, linkPilot } from './support/with-partner-api';

interface ExportedEvent {
  event_id: string;
  type: string;
  version: number;
  stream_version: number;
  occurred_at: string;
  payload: Record<string, unknown>;
}

describe('pilot app API: the export of everything held about the pilot (e2e)', () => {
  const apps = ingestionWithPartnerApi();
  const { h, api } = apps;
  let partner: TestPartner;

  beforeAll(async () => {
    partner = await partnerWithKey(api.db, { name: 'Export Airways' });
  });

  const link = (token: string): Promise<string> => linkPilot(apps, token, partner.key);

  it('holds the flights with every amendment and deletion as events, starting totals, connections and access history', async () => {
    const pilot = h.pilot();
    const me = h.as(pilot.token);
    const [kept, amended, deleted] = [flightBody(), flightBody({ date: '2026-05-02' }), flightBody()];
    for (const flight of [kept, amended, deleted])
      await me.post('/pilot/v1/flights').send(flight).expect(201);
    const amendment = { ...amended, remarks: 'Corrected: the return leg' };
    await me
      .put(`/pilot/v1/flights/${String(amended.flight_id)}`)
      .send(amendment)
      .expect(200);
    await me.delete(`/pilot/v1/flights/${String(deleted.flight_id)}`).expect(204);
    const starting = await me.put('/pilot/v1/starting-totals').send({ flight_count: 12 }).expect(200);

    const ended = await link(pilot.token);
    for (let i = 0; i < 2; i++)
      await api.http().get(`/v1/pilot-totals?pilot_id=${ended}`).set(partnerAuth(partner.key)).expect(200);
    await api.app.get(AccessRecorder).flush();
    await me.delete(`/pilot/v1/connections/${ended}`).expect(204);
    const current = await link(pilot.token);
    const file =
      'flight_id,date,kind,category,rating_key,total_flight_time\n,2026-03-04,flight,airplane,sep_land,60\n';
    const uploaded = await me
      .post('/pilot/v1/imports?format=auto')
      .set('Content-Type', 'text/csv')
      .send(file)
      .expect(201);

    const res = await me.get('/pilot/v1/export').expect(200);
    const data = res.body.data;
    expect(data.account).toEqual({ id: pilot.id });
    expect(Date.parse(data.exported_at)).toBeGreaterThan(Date.now() - 60_000);

    expect(data.flights.map((f: { flight_id: string }) => f.flight_id)).toEqual([
      amended.flight_id,
      kept.flight_id,
    ]);
    expect(data.flights[0].remarks).toBe('Corrected: the return leg');

    const logbook = data.logbook_events as ExportedEvent[];
    expect(logbook.map((e) => [e.type, e.stream_version])).toEqual([
      ['FlightRecorded', 1],
      ['FlightRecorded', 2],
      ['FlightRecorded', 3],
      ['FlightAmended', 4],
      ['FlightDeleted', 5],
      ['StartingTotalsSet', 6],
    ]);
    expect(logbook[1]!.payload).toEqual({
      pilot_account_id: pilot.id,
      flight: expect.objectContaining({ flight_id: amended.flight_id, date: '2026-05-02' }),
    });
    expect(logbook[3]!.payload.flight).toEqual(
      expect.objectContaining({ remarks: 'Corrected: the return leg' }),
    );
    expect(logbook[4]!.payload).toEqual({ pilot_account_id: pilot.id, flight_id: deleted.flight_id });
    for (const event of logbook) {
      // Each event in the form it is read in now: its type's current version (FlightRecorded and
      // FlightAmended 2 since the richer records, the others 1).
      expect(event.version).toBe(CURRENT_EVENT_VERSION[event.type as PilotEventType]);
      expect(Date.parse(event.occurred_at)).not.toBeNaN();
    }
    expect(data.starting_totals).toEqual(starting.body.data);

    expect(
      data.connections.map(
        (c: { connection_id: string; disconnected_at: string | null; partner: object }) => [
          c.connection_id,
          c.partner,
          c.disconnected_at === null,
        ],
      ),
    ).toEqual([
      [ended, { id: partner.partnerId, name: 'Export Airways' }, false],
      [current, { id: partner.partnerId, name: 'Export Airways' }, true],
    ]);
    expect((data.consent_events as ExportedEvent[]).map((e) => e.type)).toEqual([
      'LinkingCodeIssued',
      'PilotLinked',
      'PilotDisconnected',
      'LinkingCodeIssued',
      'PilotLinked',
    ]);
    expect(data.access_history.partners).toEqual([
      {
        partner: { id: partner.partnerId, name: 'Export Airways' },
        events: [
          expect.objectContaining({ type: 'linked' }),
          expect.objectContaining({ type: 'disconnected' }),
          expect.objectContaining({ type: 'linked' }),
        ],
        reads: [expect.objectContaining({ date: new Date().toISOString().slice(0, 10), count: 2 })],
        experience_reads: [],
        requirement_checks: [],
      },
    ]);

    // The file uploaded for import, awaiting its commit: its choices and size, not its bytes.
    expect(data.pending_imports).toEqual([
      {
        import_id: uploaded.body.data.import_id,
        format: 'auto',
        status: 'previewed',
        uploaded_at: expect.any(String),
        expires_at: expect.any(String),
        file_bytes: Buffer.byteLength(file),
        choices: {},
        commit_result: null,
      },
    ]);
    expect(
      Date.parse(data.pending_imports[0].expires_at) - Date.parse(data.pending_imports[0].uploaded_at),
    ).toBe(24 * 3_600_000);

    // Another pilot's export holds none of it.
    const other = h.pilot();
    const theirs = await h.as(other.token).get('/pilot/v1/export').expect(200);
    expect(theirs.body.data).toEqual(
      expect.objectContaining({
        account: { id: other.id },
        flights: [],
        logbook_events: [],
        starting_totals: null,
        connections: [],
        consent_events: [],
        access_history: { partners: [] },
        pending_imports: [],
      }),
    );
    expect(JSON.stringify(theirs.body)).not.toContain(pilot.id);
  });
});
