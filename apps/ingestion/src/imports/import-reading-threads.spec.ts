import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImportReadingThreads } from './import-reading-threads';
import { type ReadingInput } from './import-reading.messages';

/**
 * A stand-in for import-reading.thread.js that speaks its protocol: a view naming the import, its
 * flights two messages ahead of the answer (each sent once asked for more), a refusal, an error thrown,
 * or the thread ended, as the pilot given asks.
 */
const STAND_IN = `
const { parentPort } = require('node:worker_threads');
let unsent = [];
parentPort.on('message', (m) => {
  if (m !== 'more') {
    if (m.pilot === 'ends') process.exit(3);
    if (m.pilot === 'refused')
      unsent = [{ refused: { code: 'UNSUPPORTED_FILE', issue: 'binary', message: 'the file is not text' } }];
    else if (m.pilot === 'throws') unsent = [{ failed: 'Error: boom' }];
    else if (m.want === 'view') unsent = [{ view: { import_id: m.importId, status: m.status, bytes: m.bytes.length } }];
    else unsent = [{ part: [{ n: 1 }, { n: 2 }] }, { part: [{ n: 3 }] }, { flights: { ready: true, flights: [], invalidRows: 4 } }];
  }
  const next = unsent.shift();
  if (next) parentPort.postMessage(next);
});
`;

const input = (pilot: string): ReadingInput => ({
  bytes: Buffer.from('date\n'),
  pilot,
  format: 'auto',
  choices: {},
  today: '2026-01-01',
});

describe('ImportReadingThreads: files read in threads of their own', () => {
  let dir: string;
  let threads: ImportReadingThreads;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'import-reading-'));
    writeFileSync(join(dir, 'stand-in.js'), STAND_IN);
  });
  afterEach(() => threads.close());
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const standIn = (count: number, filesHeld = 8) =>
    (threads = new ImportReadingThreads(count, { file: join(dir, 'stand-in.js') }, { filesHeld }));

  it('starts no thread once closed with the process: a read asked after fails', async () => {
    standIn(1);
    expect(await threads.withPlace((place) => place.view(input('p'), 'i-1', 'previewed'))).toMatchObject({
      import_id: 'i-1',
    });
    await threads.close();
    await expect(threads.withPlace((place) => place.view(input('p'), 'i-2', 'previewed'))).rejects.toThrow(
      'the import reading threads are closed',
    );
  });

  it("answers the view, and the flights sent ahead of the commit's answer, in order", async () => {
    standIn(1);
    expect(await threads.withPlace((place) => place.view(input('p'), 'i-1', 'previewed'))).toEqual({
      import_id: 'i-1',
      status: 'previewed',
      bytes: 5,
    });
    expect(await threads.withPlace((place) => place.flights(input('p')))).toEqual({
      ready: true,
      flights: [{ n: 1 }, { n: 2 }, { n: 3 }],
      invalidRows: 4,
    });
  });

  it('answers a file refused as a whole with its code, and an error thrown in the thread as an error', async () => {
    standIn(1);
    await expect(
      threads.withPlace((place) => place.view(input('refused'), 'i', 'previewed')),
    ).rejects.toMatchObject({
      code: 'UNSUPPORTED_FILE',
      message: 'the file is not text',
      details: [{ field: 'body', issue: 'binary' }],
    });
    await expect(threads.withPlace((place) => place.flights(input('throws')))).rejects.toThrow(
      'the import could not be read: Error: boom',
    );
  });

  it('fails the read of a thread that ended, and reads the next in a new thread', async () => {
    standIn(1);
    await expect(threads.withPlace((place) => place.view(input('ends'), 'i', 'previewed'))).rejects.toThrow(
      'the import reading thread stopped (exit code 3)',
    );
    expect(await threads.withPlace((place) => place.view(input('p'), 'i-2', 'previewed'))).toMatchObject({
      import_id: 'i-2',
    });
  });

  it('holds no more files than its places: a request past them waits before it loads its file', async () => {
    standIn(2, 1);
    const loads: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = threads.withPlace(async (place) => {
      loads.push('first');
      await held;
      return place.view(input('p'), 'first', 'previewed');
    });
    const second = threads.withPlace(async (place) => {
      loads.push('second');
      return place.view(input('p'), 'second', 'previewed');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loads).toEqual(['first']);
    release();
    expect((await first).import_id).toBe('first');
    expect((await second).import_id).toBe('second');
    expect(loads).toEqual(['first', 'second']);
  });
});
