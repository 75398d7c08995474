import { RECORD_REQUIREMENT_CHECKS } from '@pft/partners';
import { MAX_REQUIREMENT_CHECKS_PER_DAY } from '@pft/partners/domain';

/** The path of the check, on the floor as on the partner API. */
export const CHECK_PATH = '/v1/pilot-requirements/check';

/**
 * What a check floor does with a check's body, in plain JavaScript: `checked(body)` records the check as
 * RECORDING says (CheckFloorRecording), by the partner API's own statement in `statement`, and answers
 * its `data`, a verdict for each requirement, all met; or null when the day's checks are used up.
 * `madeReady`, once the floor's own table is there. Set by DATABASE_URL and checkRecordingEnv's variables.
 */
export const CHECK_RECORDING_SOURCE = `
const { createHash } = require('node:crypto');
const recordingPool = new (require('pg').Pool)({ connectionString: process.env.DATABASE_URL, max: 2 });
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
    await recordingPool.query({ ...ROW, values: [checks.map((c) => c.pilotId), checks.map((c) => c.text)] });
    return checks.map(() => ({ recorded: true }));
  }
  const lists = new Map();
  const named = checks.map((c) => {
    let list = lists.get(c.text);
    if (!list) lists.set(c.text, (list = { id: createHash('sha256').update(c.text).digest(), text: c.text }));
    return list.id;
  });
  const kept = [...lists.values()].sort((a, b) => Buffer.compare(a.id, b.id));
  const { rows } = await recordingPool.query({
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
async function checked(body) {
  const { pilot_id, requirements } = body;
  const asOf = new Date().toISOString().slice(0, 10);
  if (MODE !== 'none') {
    const row = await recorded({ pilotId: pilot_id, asOf, text: JSON.stringify(requirements) });
    if (!row.recorded) return null;
  }
  const results = requirements.map((r) => ({ id: r.id, met: true }));
  return { pilot_id, as_of: asOf, results, all_met: true };
}
const madeReady = recordingPool.query(
  'create table if not exists check_floor_rows (pilot_id uuid not null, requirements text not null)',
);
`;

/**
 * How a floor records each check before answering it: `statement`, by the partner API's own recording
 * statement (the check's floor); `row`, as one row of its pilot and requirements in a table of its own
 * (the least durable record of a check: no day's count, no lists kept once, no connection looked up);
 * `none`, not at all (what a check would cost were it not written before it is answered).
 */
export type CheckFloorRecording = 'statement' | 'row' | 'none';

/** What CHECK_RECORDING_SOURCE is set by (but the database): checks of `partnerId`'s links, recorded as `recording` says. */
export const checkRecordingEnv = (
  partnerId: string,
  recording: CheckFloorRecording,
): Record<string, string> => ({
  PARTNER_ID: partnerId,
  PER_DAY: String(MAX_REQUIREMENT_CHECKS_PER_DAY),
  STATEMENT: RECORD_REQUIREMENT_CHECKS,
  RECORDING: recording,
});
