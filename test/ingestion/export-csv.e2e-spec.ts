import { randomUUID } from 'node:crypto';
import { readLogbookCsv } from '@pft/logbook/domain';
import { randomFlight, seededRandom } from '@pft/testing';
import { bearer, startIngestion, type IngestionHarness } from './support/ingestion-harness';

describe('pilot app API: GET /pilot/v1/export.csv (e2e)', () => {
  let h: IngestionHarness;
  beforeAll(async () => {
    h = await startIngestion();
  });
  afterAll(() => h.close());

  const today = new Date().toISOString().slice(0, 10);
  const exportCsv = (token: string) =>
    h
      .http()
      .get('/pilot/v1/export.csv')
      .set(...bearer(token))
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(null, text));
      });
  const totalsOf = async (token: string) => {
    const res = await h
      .http()
      .get('/pilot/v1/totals')
      .set(...bearer(token))
      .expect(200);
    const { last_updated: _at, ...totals } = res.body.data as Record<string, unknown>;
    return totals;
  };

  it('exports the logbook as CSV that imports into another pilot with the same flights and the same totals', async () => {
    const owner = h.pilot();
    const random = seededRandom(2024);
    const flights = Array.from({ length: 120 }, () => randomFlight(random));
    flights[0] = {
      ...flights[0]!,
      remarks: 'Gusty, "bumpy", with a comma',
      departure: 'EDDF',
      arrival: 'EDFE',
    };
    await h
      .http()
      .post('/pilot/v1/flights/import')
      .set(...bearer(owner.token))
      .send({ flights })
      .expect(201);
    // A deleted flight is not exported.
    await h
      .http()
      .delete(`/pilot/v1/flights/${flights[1]!.flight_id}`)
      .set(...bearer(owner.token))
      .expect(204);

    const res = await exportCsv(owner.token).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="logbook.csv"');
    const text = res.body as string;
    const read = readLogbookCsv(text, today, randomUUID);
    expect(read.problems).toEqual([]);
    expect(read.flights).toHaveLength(119);
    const dates = read.flights.map((f) => f.date);
    expect(dates).toEqual([...dates].sort());

    const other = h.pilot();
    await h
      .http()
      .post('/pilot/v1/flights/import')
      .set(...bearer(other.token))
      .send({ flights: read.flights })
      .expect(201);
    expect(await totalsOf(other.token)).toEqual(await totalsOf(owner.token));
    expect((await exportCsv(other.token).expect(200)).body).toBe(text);
  });

  it('is a header alone for an empty logbook, and needs a pilot token', async () => {
    const res = await exportCsv(h.pilot().token).expect(200);
    expect(res.body).toMatch(/^flight_id,date,kind,category,[a-z_,]+\r\n$/);
    const anonymous = await h.http().get('/pilot/v1/export.csv').expect(401);
    expect(anonymous.body.error.code).toBe('UNAUTHORIZED');
  });
});
