import { threadsRunTypeScript } from './typescript-threads';

/**
 * Run by jest before every integration and end-to-end test file (jest.config.js `setupFiles`).
 * Whatever a test leaves unset (here, and in the apps it starts, which inherit this environment)
 * names the tests' own database server, topics and Redis keys instead of the running service's
 * defaults: a test run never touches the `pilot_totals` database, the `pilot-events` topics or the
 * `pft:` keys of a running `npm start` (the Redis key prefix of the file's own is made by its test
 * environment, test-environment.ts, which removes its keys afterwards).
 */
const defaults: Record<string, string> = {
  DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/pilot_totals_test',
  PILOT_EVENTS_TOPIC: 'test-pilot-events',
  DEAD_LETTER_TOPIC: 'test-pilot-events-dead-letter',
};
for (const [name, value] of Object.entries(defaults)) {
  if (!process.env[name]) process.env[name] = value;
}

// The TypeScript sources a test runs in process start their worker threads from the sources too.
threadsRunTypeScript();
