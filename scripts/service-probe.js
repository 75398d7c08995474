// Asks a running service once a second, until SIGTERM, whether it still serves: GET /health/ready
// of each app and one partner read (the rating dictionary, with the key in PROBE_KEY). On SIGTERM
// it waits for the requests in flight, writes a summary as JSON to the file named by its argument,
// and exits 0; the caller judges the summary. `npm test` runs it beside its suites
// (scripts/test-guard.sh).
//
// Env: PARTNER_API_PORT (3000), INGESTION_PORT (3001), PROJECTOR_PORT (3002), WEBHOOKS_PORT (3003),
// PROBE_KEY.
'use strict';
const { writeFileSync } = require('node:fs');

const out = process.argv[2];
if (!out || !process.env.PROBE_KEY) {
  console.error('usage: PROBE_KEY=<partner API key> node scripts/service-probe.js <summary.json>');
  process.exit(2);
}
const base = (variable, port) => `http://127.0.0.1:${process.env[variable] || port}`;
const partnerApi = base('PARTNER_API_PORT', 3000);
const targets = [
  { name: 'partner-api /health/ready', url: `${partnerApi}/health/ready` },
  { name: 'ingestion /health/ready', url: `${base('INGESTION_PORT', 3001)}/health/ready` },
  { name: 'projector /health/ready', url: `${base('PROJECTOR_PORT', 3002)}/health/ready` },
  { name: 'webhooks /health/ready', url: `${base('WEBHOOKS_PORT', 3003)}/health/ready` },
  {
    name: 'partner read GET /v1/rating-dictionary',
    url: `${partnerApi}/v1/rating-dictionary`,
    headers: { authorization: `Bearer ${process.env.PROBE_KEY}` },
  },
];
// Only a request that gets no answer at all within this long counts as unanswered for being slow:
// the machine is busy with the suites, and how fast the service answers is not what is checked.
const TIMEOUT_MS = 30_000;

const started = new Date();
let rounds = 0;
let probes = 0;
const failures = [];
const inFlight = new Set();

async function probe(target) {
  const at = new Date().toISOString();
  try {
    const response = await fetch(target.url, {
      headers: target.headers,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = await response.text();
    if (response.status !== 200) {
      failures.push({ at, target: target.name, status: response.status, body: body.slice(0, 300) });
    }
  } catch (err) {
    failures.push({ at, target: target.name, error: String(err && err.cause ? err.cause : err) });
  }
  probes += 1;
}

function round() {
  rounds += 1;
  for (const target of targets) {
    const request = probe(target);
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
  }
}

round();
const timer = setInterval(round, 1000);

process.on('SIGTERM', async () => {
  clearInterval(timer);
  await Promise.all([...inFlight]);
  const ended = new Date();
  const summary = {
    started: started.toISOString(),
    ended: ended.toISOString(),
    seconds: Math.round((ended.getTime() - started.getTime()) / 1000),
    rounds,
    probes,
    failed: failures.length,
    failures: failures.slice(0, 50),
  };
  writeFileSync(out, JSON.stringify(summary, null, 2) + '\n');
  process.exit(0);
});
