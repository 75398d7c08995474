import { join } from 'node:path';
import { serviceSuite, TEST_BUILD_DIR, waitFor } from '@pft/testing';
import { readmeBlock, runBash } from './readme-blocks';

/**
 * The README's first calls, pasted into a shell against the three apps as processes: the only
 * changes are the apps' addresses (free ports here) and `npm run pft`, which runs the tests' build.
 */
describe('README first calls', () => {
  const service = serviceSuite('first-calls');

  it('take a new partner from its key to the totals of the pilot it linked', async () => {
    const { ingestion, partnerApi, env } = service;
    const cli = `node '${join(TEST_BUILD_DIR, 'apps', 'cli', 'src', 'main.js')}'`;
    const block = readmeBlock('### First calls');
    expect(block).toContain('npm run --silent pft --');
    expect(block).toContain('http://127.0.0.1:3000/v1/pilot-totals');
    expect(block).toContain('http://127.0.0.1:3000/v1/pilot-experience');
    const script =
      block
        .replaceAll('npm run --silent pft --', cli)
        .replaceAll('http://127.0.0.1:3001', ingestion.url)
        .replaceAll('http://127.0.0.1:3000', partnerApi.url) +
      // What the reader holds at the end, for this test to read the totals again.
      '\necho\necho "PILOT_ID=$PILOT_ID"\necho "API_KEY=$API_KEY"\n';

    const run = await runBash(script, env);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });

    const held = Object.fromEntries(
      run.stdout
        .split('\n')
        .filter((line) => /^(PILOT_ID|API_KEY)=/.test(line))
        .map((line) => line.split('=') as [string, string]),
    );
    expect(held.API_KEY).toMatch(/^pft_live_[0-9A-Za-z]{32}$/);
    expect(held.PILOT_ID).toMatch(/^[0-9a-f-]{36}$/);
    // The block's own reads: the flight stored, the totals envelope for that pilot, the dictionary.
    expect(run.stdout).toContain('"rating_key":"sep_land"');
    expect(run.stdout).toContain(`"pilot_id":"${held.PILOT_ID}"`);
    expect(run.stdout).toContain('"ratings":[');
    // The experience as of 2026-06-30 (the flight of 2026-05-01 in it) and the currency rules.
    expect(run.stdout).toContain('"as_of":"2026-06-30"');
    expect(run.stdout).toContain('"rules":[{"key":"faa_61_57_a"');

    // Within moments of the flight, the partner reads its 95 minutes.
    const totals = await waitFor(
      async () => {
        const response = await fetch(`${partnerApi.url}/v1/pilot-totals?pilot_id=${held.PILOT_ID}`, {
          headers: { authorization: `Bearer ${held.API_KEY}` },
        });
        const body = (await response.json()) as {
          data?: { totals?: { total_flight_time_minutes?: number } };
        };
        return body.data?.totals?.total_flight_time_minutes === 95 ? body.data : undefined;
      },
      30_000,
      'the flight in the partner’s totals',
      200,
    );
    expect(totals).toMatchObject({
      pilot_id: held.PILOT_ID,
      flight_count: 1,
      rating_breakdown: { sep_land: 95 },
    });
  });
});
