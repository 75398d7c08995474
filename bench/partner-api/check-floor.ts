import { type ChildProcess } from 'node:child_process';
import { type DataSource } from 'typeorm';
import { RECORD_REQUIREMENT_CHECKS } from '@pft/partners';
import { MAX_REQUIREMENT_CHECKS_PER_DAY } from '@pft/partners/domain';
import { freePort } from '@pft/testing';
import { type BareServer, startBareServer } from '../support/bare-server';
import { type BenchRun } from '../support/bench-run';
import { type Measured, posting } from '../support/measure';
import { benchPartner } from './bench-data';
import { checkBody, linkSharing } from './experience-pilots';

/** The path of the check, on the floor as on the partner API. */
export const CHECK_PATH = '/v1/pilot-requirements/check';

/**
 * The floor of a requirement check: the least the same POST needs here. Bare Fastify takes the check's
 * body (its JSON parsed; the list's text and SHA-256 id made, as the partner API keys a list), records
 * it with the partner API's own recording statement (prepared; the checks that come while two
 * statements are under way go together in the next, at most 200, as the partner API's recorder does),
 * and answers a verdict for each requirement in the partner API's envelope, all met. It has none of the
 * partner API's own work: no key, rate limit, validation, experience or verdicts. A check past the
 * day's limit is answered 429, so that a floor not recording shows as refused. RECORDING says how it
 * records (CheckFloorRecording).
 */
const SOURCE = `
const { createHash } = require('node:crypto');
const { Pool } = require('pg');
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
const app = require('fastify')({ logger: false, bodyLimit: 8192 });
const STATEMENT = { name: 'check-floor', text: process.env.STATEMENT };
const PARTNER = process.env.PARTNER_ID;
const PER_DAY = Number(process.env.PER_DAY);
const RUNNING = 2;
const MAX = 200;
const waiting = [];
let running = 0;
let scheduled = false;
const MODE = process.env.RECORDING;
// The least durable record of a check: a row of its pilot and its requirements as sent, in a table of
// the floor's own with no index, the checks of a turn in one INSERT, its commit flushed.
const ROW = {
  name: 'check-floor-row',
  text: 'insert into check_floor_rows (pilot_id, requirements) select * from unnest($1::uuid[], $2::text[])',
};
async function record(checks) {
  if (MODE === 'row') {
    await pool.query({ ...ROW, values: [checks.map((c) => c.pilotId), checks.map((c) => c.text)] });
    return checks.map(() => ({ recorded: true }));
  }
  const lists = new Map();
  const named = checks.map((c) => {
    let list = lists.get(c.text);
    if (!list) lists.set(c.text, (list = { id: createHash('sha256').update(c.text).digest(), text: c.text }));
    return list.id;
  });
  const kept = [...lists.values()].sort((a, b) => Buffer.compare(a.id, b.id));
  const { rows } = await pool.query({
    ...STATEMENT,
    values: [
      checks.map((c) => c.pilotId),
      checks.map(() => PARTNER),
      0,
      checks.map((c) => c.asOf),
      named,
      kept.map((l) => l.id),
      '[' + kept.map((l) => l.text).join(',') + ']',
      PER_DAY,
    ],
  });
  return rows;
}
function schedule() {
  if (scheduled || running >= RUNNING || waiting.length === 0) return;
  scheduled = true;
  setImmediate(() => {
    scheduled = false;
    if (running >= RUNNING || waiting.length === 0) return;
    const batch = waiting.splice(0, MAX);
    running++;
    record(batch)
      .then(
        (rows) => batch.forEach((c, i) => c.resolve(rows[i])),
        (err) => batch.forEach((c) => c.reject(err)),
      )
      .finally(() => {
        running--;
        schedule();
      });
    schedule();
  });
}
const recorded = (check) =>
  new Promise((resolve, reject) => {
    waiting.push({ ...check, resolve, reject });
    schedule();
  });
app.post('${CHECK_PATH}', async (request, reply) => {
  const { pilot_id, requirements } = request.body;
  const asOf = new Date().toISOString().slice(0, 10);
  if (MODE !== 'none') {
    const row = await recorded({ pilotId: pilot_id, asOf, text: JSON.stringify(requirements) });
    if (!row.recorded) return reply.code(429).send({ error: { code: 'RATE_LIMITED' } });
  }
  const results = requirements.map((r) => ({ id: r.id, met: true }));
  return { data: { pilot_id, as_of: asOf, results, all_met: true }, meta: { request_id: request.id } };
});
pool
  .query('create table if not exists check_floor_rows (pilot_id uuid not null, requirements text not null)')
  .then(() => app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }));
`;

/**
 * How a floor records each check before answering it: `statement`, by the partner API's own recording
 * statement (the check's floor); `row`, as one row of its pilot and requirements in a table of its own
 * (the least durable record of a check: no day's count, no lists kept once, no connection looked up);
 * `none`, not at all (what a check would cost were it not written before it is answered).
 */
export type CheckFloorRecording = 'statement' | 'row' | 'none';

/** A check floor for `partnerId`'s links, recording as `recording` says in the database of `databaseUrl`. */
export const startCheckFloor = (
  port: number,
  databaseUrl: string,
  partnerId: string,
  recording: CheckFloorRecording,
): Promise<BareServer> =>
  startBareServer('requirement check floor', SOURCE, port, {
    DATABASE_URL: databaseUrl,
    PARTNER_ID: partnerId,
    PER_DAY: String(MAX_REQUIREMENT_CHECKS_PER_DAY),
    STATEMENT: RECORD_REQUIREMENT_CHECKS,
    RECORDING: recording,
  });

/** A load measured with the CPU it took in the process of `app` (the experience bench's perRequest). */
type MeasuredOn = (app: { child: ChildProcess }) => (load: () => Promise<Measured>) => Promise<Measured>;

/**
 * The check's floors, each on a process of its own, for links of a partner of their own to `pilots`
 * (so that their checks count against no other partner's day), the POSTs going round the pilots as
 * the checks do: `checkFloor` (recorded by the partner API's statement), `checkFloorAsRow` and
 * `checkFloorUnrecorded`; `made()`, the POSTs sent so far.
 */
export async function checkFloorRounds(
  bench: BenchRun,
  ds: DataSource,
  databaseUrl: string,
  pilots: readonly string[],
  measuredOn: MeasuredOn,
): Promise<{ rounds: Record<CheckFloorRound, () => Promise<Measured>>; made: () => number }> {
  const partner = await benchPartner(ds, 'Benchmark Check Floor', ['pilot-requirements']);
  const pilotIds = await linkSharing(ds, partner.partnerId, pilots);
  let made = 0;
  const checking = () =>
    posting(CHECK_PATH, () => ({ body: checkBody(pilotIds[made++ % pilotIds.length]!) }));
  const round = async (recording: CheckFloorRecording, name: string) => {
    const floor = await bench.floor(
      startCheckFloor(await freePort(), databaseUrl, partner.partnerId, recording),
    );
    await bench.warm({ url: floor.url, requests: checking() });
    return async () => {
      const measured = await measuredOn(floor)(() =>
        bench.measure(name, { url: floor.url, requests: checking() }),
      );
      // A floor refusing (429) records nothing and would read as a faster floor.
      if (measured.non_2xx > 0)
        throw new Error(`the check floor's pilots took their day's checks: raise BENCH_EXPERIENCE_PILOTS`);
      return measured;
    };
  };
  return {
    rounds: {
      checkFloor: await round('statement', 'requirement check floor: the POST recorded alone'),
      checkFloorAsRow: await round(
        'row',
        'requirement check floor, as a row: the POST written as one row and answered',
      ),
      checkFloorUnrecorded: await round(
        'none',
        'requirement check floor, not recorded: the POST answered alone',
      ),
    },
    made: () => made,
  };
}

type CheckFloorRound = 'checkFloor' | 'checkFloorAsRow' | 'checkFloorUnrecorded';
