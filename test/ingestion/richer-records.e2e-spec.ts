import { randomUUID } from 'node:crypto';
import { readLogbookCsv } from '@pft/logbook/domain';
import { openedStoredEvents } from '@pft/testing';
import { asText, flightBody, ingestionSuite } from './support/ingestion-harness';

/** The fields of richer records, from the flight body to storage, the events, the list and the CSV. */
describe('pilot app API: flights with the fields of richer records (e2e)', () => {
  const h = ingestionSuite();

  const richer = (features: string[]) =>
    flightBody({
      aircraft: {
        category: 'airplane',
        rating_key: 'sep_land',
        type_designator: 'PA28',
        engine: 'piston',
        features,
      },
      takeoffs: { day: 1, night: 1 },
      landings: { day: 1, night: 1, day_full_stop: 1, night_full_stop: 1 },
      approaches: 2,
      holds: 1,
    });

  it('records them as sent (features in their order), as version 2, and a reordered body is the same flight', async () => {
    const pilot = h.pilot();
    const body = richer(['retractable_gear', 'complex']);
    const created = await h.as(pilot.token).post('/pilot/v1/flights').send(body).expect(201);
    expect(created.body.data).toMatchObject({
      aircraft: { type_designator: 'PA28', engine: 'piston', features: ['complex', 'retractable_gear'] },
      takeoffs: { day: 1, night: 1 },
      landings: { day: 1, night: 1, day_full_stop: 1, night_full_stop: 1 },
      approaches: 2,
      holds: 1,
    });
    const again = {
      ...body,
      aircraft: { ...(body.aircraft as object), features: ['complex', 'retractable_gear'] },
    };
    await h.as(pilot.token).post('/pilot/v1/flights').send(again).expect(200);

    const { rows } = await h.sql.query<{ type: string; schema_version: number }>(
      `select type, schema_version from events where stream_id = $1 order by stream_version`,
      [`logbook-${pilot.id}`],
    );
    expect(rows).toEqual([{ type: 'FlightRecorded', schema_version: 2 }]);
    const [event] = await openedStoredEvents(h.sql, `logbook-${pilot.id}`);
    expect(event!.payload).toEqual({ pilot_account_id: pilot.id, flight: created.body.data });

    const list = await h.as(pilot.token).get('/pilot/v1/flights').expect(200);
    expect(list.body.data.flights).toEqual([created.body.data]);

    const csv = await h.as(pilot.token).get('/pilot/v1/export.csv').buffer(true).parse(asText).expect(200);
    expect(
      readLogbookCsv(csv.body as string, new Date().toISOString().slice(0, 10), randomUUID).flights,
    ).toEqual([created.body.data]);
  });

  it('refuses a simulator session with an engine, naming the field', async () => {
    const pilot = h.pilot();
    const res = await h
      .as(pilot.token)
      .post('/pilot/v1/flights')
      .send(
        flightBody({
          kind: 'simulator',
          aircraft: { category: 'airplane', type_designator: 'A320', engine: 'turbojet' },
          minutes: { simulator: 60 },
          landings: undefined,
        }),
      )
      .expect(400);
    expect(res.body.error.details).toEqual([
      expect.objectContaining({ field: 'aircraft.engine', issue: 'not_allowed' }),
    ]);
  });
});
