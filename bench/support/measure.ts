import autocannon from 'autocannon';

export interface Measured {
  name: string;
  requests_per_second: number;
  /** Requests answered over the run's seconds, unrounded: what slow runs (imports) are counted by. */
  requests_per_second_exact: number;
  p50_ms: number;
  p99_ms: number;
  non_2xx: number;
  errors: number;
  /** The CPU a request took in each process it went through, µs, where the bench reads it. */
  cpu_us_per_request?: Record<string, number>;
  /** The share of the machine's CPU time (all cores) left idle while it ran, where the bench reads it. */
  machine_idle_share?: number;
}

/** One autocannon run from this process, summed up the same way for every benchmark. */
export async function measure(name: string, options: autocannon.Options): Promise<Measured> {
  const result = await autocannon(options);
  const measured: Measured = {
    name,
    requests_per_second: Math.round(result.requests.average),
    requests_per_second_exact: +(result.requests.total / result.duration).toFixed(3),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    non_2xx: result.non2xx,
    errors: result.errors,
  };
  process.stdout.write(`${JSON.stringify(measured)}\n`);
  return measured;
}

/** A request that walks through `paths`, so each one asks for something else. */
export function rotating(
  paths: readonly string[],
  headers: Record<string, string> = {},
): autocannon.Request[] {
  let next = 0;
  return [
    { method: 'GET', headers, setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length]! }) },
  ];
}

/**
 * A JSON POST to `path` whose body, and bearer token when there is one, `next()` makes for each request
 * (a pilot's token, a flight, an import of a thousand).
 */
export function posting(path: string, next: () => { token?: string; body: string }): autocannon.Request[] {
  return [
    {
      method: 'POST',
      path,
      setupRequest: (req) => {
        const { token, body } = next();
        return {
          ...req,
          headers: {
            'content-type': 'application/json',
            ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
          },
          body,
        };
      },
    },
  ];
}
