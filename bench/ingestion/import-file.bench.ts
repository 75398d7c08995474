/**
 * A ForeFlight file of BENCH_FILE_FLIGHTS (20,000) flights: its upload with preview, then its commit,
 * beside the JSON import of the same flights (1,000 a request, one after the other) just before it, a
 * new pilot each, in BENCH_REPEATS (3) rounds; the preview's server CPU read from /proc around the
 * upload. Goals (`logbook-import.md`): commit at 0.5x the JSON import's flights per second, preview
 * under 2 s of server CPU. Writes bench/results/import-file.json.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mintPilotToken } from '@pft/logbook/pilot-auth/pilot-jwt';
import { WithPilotTokenSigning } from '@pft/logbook/pilot-auth/pilot-token-variables';
import { loadConfig, NodeEnvVariables } from '@pft/platform';
import { testKafka } from '@pft/testing';
import { benchmark, benchSetting, BenchRun, median, share } from '../support/bench-run';
import { cpuSeconds } from '../support/cpu-share';
import { writeAppEnv } from './write-loads';

const FLIGHTS = benchSetting('FILE_FLIGHTS', 20_000);
const ROUNDS = benchSetting('REPEATS', 3);
const FIXTURE = join(__dirname, '..', '..', 'test', 'fixtures', 'import', 'foreflight-current.csv');

/** A day each back from 2026-06-01 in N172AB, two routes in turn, 30 to 119 minutes of PIC. */
const flights = Array.from({ length: FLIGHTS }, (_, i) => ({
  date: new Date(Date.UTC(2026, 5, 1) - i * 86_400_000).toISOString().slice(0, 10),
  to: i % 2 ? 'KSQL' : 'KHAF',
  minutes: 30 + (i % 90),
}));

const hhmm = (m: number): string => `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;

/** The fixture's aircraft table and flights header, then the flights (TotalTime, PIC, a day full stop). */
function foreFlightFile(): Buffer {
  const lines = readFileSync(FIXTURE, 'utf8').split('\n');
  const header = lines.slice(0, lines.findIndex((l) => l.startsWith('Date,Text')) + 1);
  const empty = new Array<string>(header.at(-2)!.split(',').length).fill('');
  const rows = flights.map(({ date, to, minutes }) =>
    Object.assign([...empty], [date, 'N172AB', 'KPAO', to], {
      11: hhmm(minutes),
      12: hhmm(minutes),
      26: 1,
    }).join(','),
  );
  return Buffer.from([...header, ...rows].join('\n') + '\n');
}

/** The same flights as the JSON import's bodies, 1,000 each. */
const jsonBodies = (): string[] =>
  Array.from({ length: Math.ceil(FLIGHTS / 1000) }, (_, n) =>
    JSON.stringify({
      flights: flights.slice(n * 1000, n * 1000 + 1000).map(({ date, to, minutes }) => ({
        flight_id: randomUUID(),
        date,
        kind: 'flight',
        aircraft: { category: 'airplane', rating_key: 'sep_land', registration: 'N172AB' },
        departure: 'KPAO',
        arrival: to,
        minutes: { total_flight_time: minutes, pic: minutes, single_engine: minutes },
        landings: { day: 1, night: 0 },
      })),
    }),
  );

benchmark(
  'a logbook file beside the JSON import of the same flights',
  new BenchRun('import-file'),
  async (bench) => {
    const secret = loadConfig(WithPilotTokenSigning(NodeEnvVariables)).JWT_SECRET;
    const db = await bench.database();
    const app = await bench.app(
      'ingestion',
      writeAppEnv(db.url, await bench.topic(testKafka('bench'), 'bench', 12)),
    );
    const file = foreFlightFile();
    /** POSTs as a new pilot's `token`; the answer's data, or a failure with the answer when not `status`. */
    const send = async (
      token: string,
      path: string,
      status: number,
      body?: string | Buffer,
      type = 'json',
    ) => {
      const res = await fetch(`${app.url}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          ...(body && { 'content-type': type === 'json' ? 'application/json' : type }),
        },
        body,
      });
      const text = await res.text();
      if (res.status !== status) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 500)}`);
      return (JSON.parse(text) as { data: Record<string, unknown> }).data;
    };
    const seconds = (since: number): number => (performance.now() - since) / 1000;
    const rounds: { json_s: number; preview_s: number; preview_cpu_s: number; commit_s: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const [jsonPilot, filePilot] = [0, 1].map(() => mintPilotToken(secret, randomUUID(), 3600)) as [
        string,
        string,
      ];
      const bodies = jsonBodies();
      const json = performance.now();
      for (const body of bodies) await send(jsonPilot, '/pilot/v1/flights/import', 201, body);
      const json_s = seconds(json);
      const [cpu, preview] = [cpuSeconds(app.child.pid!), performance.now()];
      const read = await send(filePilot, '/pilot/v1/imports', 201, file, 'text/csv');
      const [preview_s, preview_cpu_s] = [seconds(preview), cpuSeconds(app.child.pid!) - cpu];
      if (read.flights_valid !== FLIGHTS)
        throw new Error(`the preview: ${JSON.stringify(read).slice(0, 500)}`);
      const commit = performance.now();
      const done = await send(filePilot, `/pilot/v1/imports/${String(read.import_id)}/commit`, 200);
      if (done.recorded !== FLIGHTS) throw new Error(`the commit: ${JSON.stringify(done)}`);
      rounds.push({ json_s, preview_s, preview_cpu_s, commit_s: seconds(commit) });
    }
    const commitShares = rounds.map((r) => share(r.json_s, r.commit_s));
    const previewCpu = median(rounds.map((r) => r.preview_cpu_s));
    const ratios = {
      commit_vs_json_import: median(commitShares),
      commit_vs_json_import_by_round: commitShares,
    };
    const goals = {
      'commit at 0.5x the JSON import of the same flights or better': ratios.commit_vs_json_import >= 0.5,
      'preview under 2 s of server CPU': previewCpu < 2,
    };
    const shown = { ratios, preview_server_cpu_seconds: previewCpu, goals };
    bench.write({ settings: { flights: FLIGHTS, rounds: ROUNDS }, rounds, ...shown }, shown);
  },
);
