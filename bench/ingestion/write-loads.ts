import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import { mintPilotToken } from '@pft/logbook/pilot-auth/pilot-jwt';
import { flightBody, type startBuiltProcess, startStandaloneRelay } from '@pft/testing';
import { type BenchRun } from '../support/bench-run';
import { posting } from '../support/measure';

/** The pilots the single POSTs of the write benchmarks spread over. */
export const POST_PILOTS = 500;
/** Flights per import of the write benchmarks. */
export const IMPORT_SIZE = 1000;

/** The ingestion app of the write benchmarks: on `databaseUrl`, publishing to `topic`, its relay off. */
export const writeAppEnv = (databaseUrl: string, topic: string): Record<string, string> => ({
  DATABASE_URL: databaseUrl,
  DATABASE_POOL_SIZE: '20',
  PILOT_EVENTS_TOPIC: topic,
  PILOT_EVENTS_PARTITIONS: '12',
  LOG_LEVEL: 'warn',
  // The relay runs in a process of its own (startRelayProcess), so no app carries it for another.
  RELAY_ENABLED: 'false',
});

/** The relay as a process of its own (relay-main.js, as a deployment may run it), stopped when the run ends. */
export function startRelayProcess(
  bench: BenchRun,
  env: Record<string, string>,
): ReturnType<typeof startBuiltProcess> {
  const relay = startStandaloneRelay({ ...env, RELAY_ENABLED: 'true' });
  bench.defer(() => relay.stop());
  return relay;
}

/** Single flights POSTed to a floor's `path`, a new flight each. */
export const flightPosts = (path: string): autocannon.Request[] =>
  posting(path, () => ({ body: JSON.stringify(flightBody()) }));

/** Single-flight POSTs: a new flight each, for one of POST_PILOTS pilots. */
export function singlePosts(secret: string): autocannon.Request[] {
  const tokens = Array.from({ length: POST_PILOTS }, () => mintPilotToken(secret, randomUUID(), 3600));
  return posting('/pilot/v1/flights', () => ({
    token: tokens[Math.floor(Math.random() * tokens.length)]!,
    body: JSON.stringify(flightBody()),
  }));
}

/**
 * Imports of IMPORT_SIZE flights to `path`, made up front; a new pilot's token each when given `secret`
 * (the same flights again for the same pilot record nothing).
 */
export function importPosts(path: string, secret?: string): autocannon.Request[] {
  const bodies = Array.from({ length: 32 }, () =>
    JSON.stringify({ flights: Array.from({ length: IMPORT_SIZE }, () => flightBody()) }),
  );
  let next = 0;
  return posting(path, () => ({
    token: secret === undefined ? undefined : mintPilotToken(secret, randomUUID(), 3600),
    body: bodies[next++ % bodies.length]!,
  }));
}
