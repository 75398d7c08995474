import { type CliConfig } from '../cli.config';
import { CliError } from '../cli-error';
import { runWalkthrough } from './walkthrough';

const socketError = (code: string, address: string, port: number) =>
  Object.assign(new Error(`connect ${code} ${address}:${port}`), { code, address, port, syscall: 'connect' });

/** fetch as it fails for a server it cannot reach: `fetch failed`, the socket's error beneath. */
const fetchFailed = (cause: Error) => new TypeError('fetch failed', { cause });

const target = {
  partnerApiUrl: 'http://127.0.0.1:3000',
  ingestionUrl: 'http://pilot-app.internal:3001/',
  freshnessTimeoutMs: 1000,
};

/** How the walkthrough fails when fetch answers each URL as `answer` says. */
async function failureWhen(answer: (url: string) => Promise<Response>): Promise<unknown> {
  const fetch = jest
    .spyOn(global, 'fetch')
    .mockImplementation((input) => answer(input instanceof Request ? input.url : input.toString()));
  try {
    await runWalkthrough({} as CliConfig, target, () => undefined);
    return undefined;
  } catch (err) {
    return err;
  } finally {
    fetch.mockRestore();
  }
}

describe('runWalkthrough, an app that does not answer', () => {
  it('names the partner API, its address and --partner-api', async () => {
    const error = await failureWhen(() =>
      Promise.reject(fetchFailed(socketError('ECONNREFUSED', '127.0.0.1', 3000))),
    );
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({
      code: 'HOST_UNREACHABLE',
      message: 'cannot reach the partner API at http://127.0.0.1:3000 (--partner-api): connection refused',
    });
  });

  it('names ingestion and --ingestion, and the host name that does not resolve', async () => {
    const notFound = Object.assign(new Error('getaddrinfo ENOTFOUND pilot-app.internal'), {
      code: 'ENOTFOUND',
      hostname: 'pilot-app.internal',
      syscall: 'getaddrinfo',
    });
    const error = await failureWhen((url) =>
      url.startsWith(target.partnerApiUrl)
        ? Promise.resolve(new Response(null, { status: 200 }))
        : Promise.reject(fetchFailed(notFound)),
    );
    expect(error).toMatchObject({
      code: 'HOST_UNREACHABLE',
      message:
        'cannot reach ingestion at http://pilot-app.internal:3001/ (--ingestion): host name pilot-app.internal does not resolve',
    });
  });

  it('gives up on an app that takes the connection and does not answer', async () => {
    const signals: (AbortSignal | null | undefined)[] = [];
    const fetch = jest.spyOn(global, 'fetch').mockImplementation((_input, init) => {
      signals.push(init?.signal);
      return Promise.reject(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    });
    try {
      await expect(runWalkthrough({} as CliConfig, target, () => undefined)).rejects.toMatchObject({
        code: 'HOST_UNREACHABLE',
        message:
          'cannot reach the partner API at http://127.0.0.1:3000 (--partner-api): no answer within 60 s',
      });
      expect(signals).toEqual([expect.any(AbortSignal)]);
    } finally {
      fetch.mockRestore();
    }
  });

  it('gives up on an app that sends an answer’s headers and leaves its body unfinished', async () => {
    // The timeout covers the body too: fetch's body then fails as the request did.
    const stalled = () =>
      new ReadableStream<Uint8Array>({
        pull: (controller) =>
          controller.error(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
      });
    const error = await failureWhen(() => Promise.resolve(new Response(stalled(), { status: 200 })));
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({
      code: 'HOST_UNREACHABLE',
      message: 'cannot reach the partner API at http://127.0.0.1:3000 (--partner-api): no answer within 60 s',
    });
  });

  it('asks an address given with a trailing slash at its own paths, never at //health/ready', async () => {
    const asked: string[] = [];
    await failureWhen((url) => {
      asked.push(url);
      return Promise.resolve(new Response(null, { status: 200 }));
    });
    expect(asked.slice(0, 2)).toEqual([
      'http://127.0.0.1:3000/health/ready',
      'http://pilot-app.internal:3001/health/ready',
    ]);
  });

  it('leaves an answer that disagrees with the contract as the step that got it', async () => {
    const error = await failureWhen(() => Promise.resolve(new Response('starting', { status: 503 })));
    expect(error).not.toBeInstanceOf(CliError);
    expect((error as Error).message).toBe('The three apps are ready: expected HTTP 200 (got 503: starting)');
  });
});
