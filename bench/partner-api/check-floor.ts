import { type ChildProcess } from 'node:child_process';
import { type DataSource } from 'typeorm';
import { freePort } from '@pft/testing';
import { type BareServer, startBareServer } from '../support/bare-server';
import { type BenchRun } from '../support/bench-run';
import { type Measured, posting } from '../support/measure';
import { benchPartner } from './bench-data';
import { startCheckPipelineFloor } from './check-pipeline-floor';
import {
  CHECK_PATH,
  CHECK_RECORDING_SOURCE,
  type CheckFloorRecording,
  checkRecordingEnv,
} from './check-recording';
import { checkBody, linkSharing } from './experience-pilots';

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
${CHECK_RECORDING_SOURCE}
const app = require('fastify')({ logger: false, bodyLimit: 8192 });
app.post('${CHECK_PATH}', async (request, reply) => {
  const data = await checked(request.body);
  if (!data) return reply.code(429).send({ error: { code: 'RATE_LIMITED' } });
  return { data, meta: { request_id: request.id } };
});
madeReady.then(() => app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }));
`;

/** A check floor for `partnerId`'s links, recording as `recording` says in the database of `databaseUrl`. */
export const startCheckFloor = (
  port: number,
  databaseUrl: string,
  partnerId: string,
  recording: CheckFloorRecording,
): Promise<BareServer> =>
  startBareServer('requirement check floor', SOURCE, port, {
    DATABASE_URL: databaseUrl,
    ...checkRecordingEnv(partnerId, recording),
  });

/** A load measured with the CPU it took in the process of `app` (the experience bench's perRequest). */
type MeasuredOn = (app: { child: ChildProcess }) => (load: () => Promise<Measured>) => Promise<Measured>;

/**
 * The check's floors, each on a process of its own, for links of a partner of their own to `pilots`
 * (so that their checks count against no other partner's day), the POSTs going round the pilots as
 * the checks do: `checkFloor` (recorded by the partner API's statement), `checkFloorAsRow`,
 * `checkFloorUnrecorded` and `checkPipelineFloor` (the first through the partner routes' pipeline);
 * `made()`, the POSTs sent so far.
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
  const bare = (recording: CheckFloorRecording) => (port: number) =>
    startCheckFloor(port, databaseUrl, partner.partnerId, recording);
  let made = 0;
  const checking = () =>
    posting(CHECK_PATH, () => ({ body: checkBody(pilotIds[made++ % pilotIds.length]!) }));
  // Before each round of a floor recording by the statement, the day's checks the floors recorded are
  // let go: as on a new day, every pilot may take 20 more, whatever the rounds before sent.
  const newDay = async () => {
    await ds.query('delete from requirement_checks where partner_id = $1', [partner.partnerId]);
    await ds.query('delete from requirement_check_days where partner_id = $1', [partner.partnerId]);
  };
  const round = async (start: (port: number) => Promise<BareServer>, name: string, byStatement = true) => {
    const floor = await bench.floor(start(await freePort()));
    await bench.warm({ url: floor.url, requests: checking() });
    return async () => {
      if (byStatement) await newDay();
      const measured = await measuredOn(floor)(() =>
        bench.measure(name, { url: floor.url, requests: checking() }),
      );
      // A floor refusing (429) records nothing and would read as a faster floor.
      if (measured.non_2xx > 0)
        throw new Error(
          `the check floor's pilots took their day's checks in one round: raise BENCH_EXPERIENCE_PILOTS`,
        );
      return measured;
    };
  };
  return {
    rounds: {
      checkFloor: await round(bare('statement'), 'requirement check floor: the POST recorded alone'),
      checkFloorAsRow: await round(
        bare('row'),
        'requirement check floor, as a row: the POST written as one row and answered',
        false,
      ),
      checkFloorUnrecorded: await round(
        bare('none'),
        'requirement check floor, not recorded: the POST answered alone',
        false,
      ),
      checkPipelineFloor: await round(
        (port) =>
          startCheckPipelineFloor(port, databaseUrl, checkRecordingEnv(partner.partnerId, 'statement')),
        'requirement check pipeline floor: the POST through the partner pipeline, counted in Redis, recorded alone',
      ),
    },
    made: () => made,
  };
}

type CheckFloorRound = 'checkFloor' | 'checkFloorAsRow' | 'checkFloorUnrecorded' | 'checkPipelineFloor';
