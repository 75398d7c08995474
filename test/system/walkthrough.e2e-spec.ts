import { join } from 'node:path';
import { serviceSuite, startBuiltProcess } from '@pft/testing';

/** The README's walkthrough, run against the three apps as processes: it must get to its end. */
describe('pft walkthrough', () => {
  const service = serviceSuite('walkthrough');

  it('drives every step of the contract and exits 0', async () => {
    const { ingestion, partnerApi, env } = service;
    const walkthrough = startBuiltProcess(
      join('apps', 'cli', 'src', 'main.js'),
      ['walkthrough', '--partner-api', partnerApi.url, '--ingestion', ingestion.url],
      env,
    );
    const code = await walkthrough.exited;
    expect({ code, output: walkthrough.output() }).toEqual({
      code: 0,
      output: expect.stringContaining('Walkthrough complete') as string,
    });
    expect(walkthrough.output()).toContain('404 PILOT_NOT_FOUND');
  });
});
