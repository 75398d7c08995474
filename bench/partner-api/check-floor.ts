import { RECORD_REQUIREMENT_CHECKS } from '@pft/partners';
import { MAX_REQUIREMENT_CHECKS_PER_DAY } from '@pft/partners/domain';
import { type BareServer, startBareServer } from '../support/bare-server';

/** The path of the check, on the floor as on the partner API. */
export const CHECK_PATH = '/v1/pilot-requirements/check';

/**
 * The floor of a requirement check: the least the same POST needs here. Bare Fastify takes the check's
 * body (its JSON parsed; the list's text and SHA-256 id made, as the partner API keys a list), records
 * it with the partner API's own recording statement (prepared; the checks that come while two
 * statements are under way go together in the next, at most 200, as the partner API's recorder does),
 * and answers a verdict for each requirement in the partner API's envelope, all met. It has none of the
 * partner API's own work: no key, rate limit, validation, experience or verdicts. A check past the
 * day's limit is answered 429, so that a floor not recording shows as refused. Without RECORDING=1
 * it records nothing.
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
async function record(checks) {
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
  if (process.env.RECORDING === '1') {
    const row = await recorded({ pilotId: pilot_id, asOf, text: JSON.stringify(requirements) });
    if (!row.recorded) return reply.code(429).send({ error: { code: 'RATE_LIMITED' } });
  }
  const results = requirements.map((r) => ({ id: r.id, met: true }));
  return { data: { pilot_id, as_of: asOf, results, all_met: true }, meta: { request_id: request.id } };
});
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

/**
 * The check's floor for `partnerId`'s links, recording in the database of `databaseUrl`; with
 * `recording` false, the same POST answered with nothing recorded: what a check would cost were it not
 * written before it is answered.
 */
export const startCheckFloor = (
  port: number,
  databaseUrl: string,
  partnerId: string,
  recording = true,
): Promise<BareServer> =>
  startBareServer('requirement check floor', SOURCE, port, {
    DATABASE_URL: databaseUrl,
    PARTNER_ID: partnerId,
    PER_DAY: String(MAX_REQUIREMENT_CHECKS_PER_DAY),
    STATEMENT: RECORD_REQUIREMENT_CHECKS,
    RECORDING: recording ? '1' : '0',
  });
