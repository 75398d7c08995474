import { seededRandom } from '@pft/testing';
import { type SoakStack } from './soak-stack';

export type FaultKind =
  | 'relay SIGSTOP'
  | 'relay SIGKILL'
  | 'projector SIGKILL'
  | 'broker SIGKILL'
  | 'broker restart'
  | 'Postgres stall'
  | 'Redis loss';

export interface Fault {
  kind: FaultKind;
  /** Seconds since the soak began, when the fault began and when what it took away was back. */
  from: number;
  to: number;
  detail: string;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Faults one after another, in a shuffled order each round, with a quiet spell of 5 to 15 s between
 * two, until `until()` (performance.now()) has passed: each fault takes a part away and gives it back
 * (or starts its replacement) before the next begins. A fault that cannot be undone at once is tried
 * again; what went wrong doing so is in `errors`. `only`: the kinds to run (all when absent).
 */
export async function runFaults(
  stack: SoakStack,
  began: number,
  until: number,
  seed: number,
  only?: readonly string[],
): Promise<{ faults: Fault[]; errors: string[] }> {
  const random = seededRandom(seed);
  const between = (lo: number, hi: number): number => lo + Math.floor(random() * (hi - lo));
  const now = (): number => Number(((performance.now() - began) / 1000).toFixed(1));
  const faults: Fault[] = [];
  const errors: string[] = [];
  const persist = async (what: string, attempt: () => Promise<unknown>): Promise<void> => {
    for (let tries = 1; ; tries++) {
      try {
        await attempt();
        return;
      } catch (err) {
        errors.push(`${now()} s: ${what} (try ${tries}): ${(err as Error).message.slice(0, 300)}`);
        if (tries >= 5) throw err;
        await sleep(5000);
      }
    }
  };
  /** The relay holding the lease now (the one a freeze or a kill hurts), else either. */
  const activeRelay = async (): Promise<SoakStack['relays'][number]> => {
    const holder = await stack.direct
      .query<{ holder: string }>('select holder from relay_leases where expires_at > now()')
      .then((r) => r.rows[0]?.holder)
      .catch(() => undefined);
    return stack.relays.find((r) => holder?.includes(`/${r.child.pid}/`)) ?? stack.relays[between(0, 2)]!;
  };

  const kinds: Record<FaultKind, () => Promise<string>> = {
    'relay SIGSTOP': async () => {
      const relay = await activeRelay();
      relay.child.kill('SIGSTOP');
      const ms = between(10_000, 30_000);
      await sleep(ms);
      relay.child.kill('SIGCONT');
      return `relay ${relay.child.pid} frozen for ${ms} ms`;
    },
    'relay SIGKILL': async () => {
      const relay = await activeRelay();
      await relay.stop('SIGKILL');
      const ms = between(500, 5000);
      await sleep(ms);
      stack.relays.splice(stack.relays.indexOf(relay), 1, stack.startRelay());
      return `relay ${relay.child.pid} killed, another started ${ms} ms later`;
    },
    'projector SIGKILL': async () => {
      const victim = stack.projectors[between(0, stack.projectors.length)]!;
      await victim.stop('SIGKILL');
      const ms = between(0, 8000);
      await sleep(ms);
      await persist('starting a projector', async () =>
        stack.projectors.splice(stack.projectors.indexOf(victim), 1, await stack.startProjector()),
      );
      return `projector ${victim.child.pid} killed, another started ${ms} ms later`;
    },
    'broker SIGKILL': async () => {
      const pid = stack.broker.pid();
      if (pid) process.kill(pid, 'SIGKILL');
      await stack.broker.stop();
      const ms = between(2000, 15_000);
      await sleep(ms);
      await persist('starting the broker', () => stack.broker.start());
      return `broker killed, started again ${ms} ms later`;
    },
    'broker restart': async () => {
      await stack.broker.stop();
      const ms = between(1000, 5000);
      await sleep(ms);
      await persist('starting the broker', () => stack.broker.start());
      return `broker stopped (SIGTERM), started again ${ms} ms later`;
    },
    'Postgres stall': async () => {
      stack.proxy.blackhole();
      const ms = between(3000, 15_000);
      await sleep(ms);
      await stack.proxy.restore();
      return `nothing through to Postgres for ${ms} ms`;
    },
    'Redis loss': async () => {
      await stack.redis.stop();
      const ms = between(500, 6000);
      await sleep(ms);
      await persist('starting Redis', () => stack.redis.start());
      return `Redis stopped, started empty ${ms} ms later`;
    },
  };

  const order = (Object.keys(kinds) as FaultKind[]).filter((kind) => only?.includes(kind) ?? true);
  if (order.length === 0) throw new Error(`no fault of the kinds ${only?.join(', ')}`);
  while (performance.now() < until) {
    // Fisher-Yates, on the soak's seed: a run can be repeated.
    for (let i = order.length - 1; i > 0; i--) {
      const j = between(0, i + 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const kind of order) {
      await sleep(between(5000, 15_000));
      if (performance.now() >= until) break;
      const from = now();
      const detail = await kinds[kind]().catch(
        (err: Error) => `could not be undone: ${err.message.slice(0, 300)}`,
      );
      faults.push({ kind, from, to: now(), detail });
    }
  }
  return { faults, errors };
}
