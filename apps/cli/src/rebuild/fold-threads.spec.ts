import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFoldThreads } from './fold-threads';

/**
 * A stand-in for fold-thread.worker.js that speaks its protocol: warns once (as a consumer that stopped
 * and restarts), says it started, and stops when told.
 */
const STAND_IN = `
const { parentPort, workerData } = require('node:worker_threads');
parentPort.postMessage({ kind: 'warning', message: 'consumer stopped: Connection terminated; restarting (version ' + workerData.version + ')' });
parentPort.postMessage({ kind: 'started' });
parentPort.once('message', () => parentPort.postMessage({ kind: 'stopped' }));
`;

describe('fold threads: what their consumers warn of reaches the command', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'fold-threads-'));
    writeFileSync(join(dir, 'stand-in.js'), STAND_IN);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("passes each thread's warnings on with its number, from 2, and starts and stops them as before", async () => {
    const warnings: string[] = [];
    const lost: string[] = [];
    const threads = await startFoldThreads(
      2,
      7,
      (reason) => lost.push(reason),
      (thread, message) => warnings.push(`${thread}: ${message}`),
      join(dir, 'stand-in.js'),
    );
    await Promise.all(threads.map((thread) => thread.stop()));
    expect(warnings.sort()).toEqual([
      '2: consumer stopped: Connection terminated; restarting (version 7)',
      '3: consumer stopped: Connection terminated; restarting (version 7)',
    ]);
    expect(lost).toEqual([]);
  });
});
