import { randomUUID } from 'node:crypto';
import { QueryBus } from '@nestjs/cqrs';
import { pftFile, upload } from '../../../../test/import/import-support';
import { bearer, ingestionSuite } from '../../../../test/ingestion/support/ingestion-harness';
import { PendingImports } from '../imports/pending-imports.service';

/**
 * The pilot app's reads are GET alone, as the contract lists them (and as the partner API's are): a
 * HEAD is answered as a method the path does not take, never by running the read and dropping its body.
 */
describe('pilot app API: HEAD on the reads, on a real app and database', () => {
  const h = ingestionSuite();
  let reads: string[];

  beforeAll(async () => {
    const doc = (await h.http().get('/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    reads = Object.entries(doc.paths)
      .filter(([, operations]) => 'get' in operations)
      .map(([path]) => path);
  });

  it('lists the reads of the contract', () => {
    expect(reads).toEqual(
      expect.arrayContaining([
        '/pilot/v1/connections',
        '/pilot/v1/flights',
        '/pilot/v1/totals',
        '/pilot/v1/export',
        '/pilot/v1/export.csv',
        '/pilot/v1/imports/{import_id}',
      ]),
    );
  });

  it('answers HEAD on every read 405 METHOD_NOT_ALLOWED with Allow, once the token is checked, and runs no read', async () => {
    const pilot = h.pilot();
    const uploaded = await upload(h, pilot.token, pftFile(2)).expect(201);
    const importId = uploaded.body.data.import_id as string;
    const queries = jest.spyOn(h.app.get(QueryBus), 'execute');
    const importViews = jest.spyOn(h.app.get(PendingImports), 'view');
    try {
      for (const read of reads) {
        const path = read.replace('{import_id}', importId).replace(/\{[a-z_]+\}/g, () => randomUUID());
        const res = await h
          .http()
          .head(path)
          .set(...bearer(pilot.token));
        expect({ path, status: res.status }).toEqual({ path, status: 405 });
        expect(res.headers.allow?.split(', ')).toContain('GET');
        expect(res.headers.allow).not.toMatch(/HEAD/);
        expect(res.headers['x-request-id']).toMatch(/^req_/);
        const noToken = await h.http().head(path);
        expect({ path, status: noToken.status }).toEqual({ path, status: 401 });
        expect(noToken.headers.allow).toBeUndefined();
      }
      expect(queries).not.toHaveBeenCalled();
      expect(importViews).not.toHaveBeenCalled();
      // The same reads as GET still run.
      await h.as(pilot.token).get('/pilot/v1/totals').expect(200);
      await h.as(pilot.token).get(`/pilot/v1/imports/${importId}`).expect(200);
      expect(queries).toHaveBeenCalledTimes(1);
      expect(importViews).toHaveBeenCalledTimes(1);
    } finally {
      queries.mockRestore();
      importViews.mockRestore();
    }
  });

  it('lists GET without HEAD in the Allow of another method', async () => {
    const pilot = h.pilot();
    const res = await h.as(pilot.token).patch('/pilot/v1/totals').expect(405);
    expect(res.body.error.code).toBe('METHOD_NOT_ALLOWED');
    expect(res.headers.allow).toBe('GET');
    expect((await h.as(pilot.token).patch('/pilot/v1/flights').expect(405)).headers.allow).toBe('GET, POST');
  });

  it('leaves HEAD to what is not the pilot app API (its description)', async () => {
    await h.http().head('/openapi.json').expect(200);
  });
});
