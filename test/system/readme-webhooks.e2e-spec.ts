import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, TEST_BUILD_DIR } from '@pft/testing';
import { startWebhookStack, type WebhookStack } from '../webhooks/webhooks.harness';
import { readmeBlock, runBash } from './readme-blocks';

/**
 * The README's webhook walkthrough after its first calls, pasted into one shell against the four
 * apps as processes, with its receiver saved as `receiver.mjs` where the shell runs: the only changes
 * are the apps' addresses, the receiver's port (free ports here) and `npm run pft`, which runs the
 * tests' build.
 */
describe('README webhook walkthrough', () => {
  let stack: WebhookStack;
  let dir: string;

  beforeAll(async () => {
    stack = await startWebhookStack('readme-webhooks');
    // In the build's folder, so that the receiver finds the repository's standardwebhooks.
    dir = mkdtempSync(join(TEST_BUILD_DIR, 'readme-webhooks-'));
  });

  afterAll(async () => {
    await stack?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('delivers pilot.linked, pilot_totals.updated and pilot.disconnected, each verified by standardwebhooks', async () => {
    const { ingestion, partnerApi, env } = stack.service;
    const port = String(await freePort());
    const cli = `node '${join(TEST_BUILD_DIR, 'apps', 'cli', 'src', 'main.js')}'`;
    const receiver = readmeBlock('#### Receiving webhooks', 'js');
    const block = readmeBlock('#### Receiving webhooks');
    expect(receiver).toContain("import { Webhook } from 'standardwebhooks'");
    expect(block).toContain('http://127.0.0.1:4000/hooks');
    writeFileSync(join(dir, 'receiver.mjs'), receiver.replace('.listen(4000,', `.listen(${port},`));
    const script =
      [readmeBlock('### First calls'), block]
        .join('\n')
        .replaceAll('npm run --silent pft --', cli)
        .replaceAll('http://127.0.0.1:3001', ingestion.url)
        .replaceAll('http://127.0.0.1:3000', partnerApi.url)
        .replaceAll('http://127.0.0.1:4000', `http://127.0.0.1:${port}`) + '\necho "PILOT_ID=$PILOT_ID"\n';

    const run = await runBash(script, env, dir);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });

    const pilotId = /^PILOT_ID=(.+)$/m.exec(run.stdout)?.[1];
    expect(pilotId).toMatch(/^[0-9a-f-]{36}$/);
    // The log the walkthrough printed: only verified events reach it, one line each, in order.
    const events = run.stdout
      .split('\n')
      .filter((line) => /^(pilot|webhook)[._]/.test(line))
      .map((line) => {
        const [type, data] = [line.slice(0, line.indexOf(' ')), line.slice(line.indexOf(' ') + 1)];
        return { type, data: JSON.parse(data) as Record<string, string> };
      });
    expect(events.map((e) => e.type)).toEqual(['pilot.linked', 'pilot_totals.updated', 'pilot.disconnected']);
    for (const event of events) expect(event.data.pilot_id).toBe(pilotId);
    expect(Date.parse(events[1]!.data.last_updated!)).not.toBeNaN();
  });
});
