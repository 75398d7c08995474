import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { mersenne } from 'pure-rand/generator/mersenne';
import { type HostileRequest } from './hostile-request';

/**
 * A seeded source of numbers in [0, 1), so a failing mix or workload can be replayed with the same
 * seed. pure-rand's Mersenne Twister: unlike its xoroshiro128+, it mixes a small seed (1, 2, 7) well
 * from the first value on.
 */
export function seededRandom(seed: number): () => number {
  const rng = mersenne(seed);
  return () => uniformFloat64(rng);
}

/**
 * `count` requests that each combine a request from `pool` with another one's method, headers or
 * body, so that odd bodies meet odd paths and odd authorizations they were not written for.
 * Combinations that could make a valid change (a DELETE of a real flight, a linking code issued
 * with a borrowed valid token) are left out: every mixed request must be one the service rejects
 * or only reads.
 */
export function mixHostile(pool: HostileRequest[], count: number, seed: number): HostileRequest[] {
  const random = seededRandom(seed);
  const pick = (): HostileRequest => pool[Math.floor(random() * pool.length)]!;
  const out: HostileRequest[] = [];
  while (out.length < count) {
    const base = pick();
    const other = pick();
    const choice = Math.floor(random() * 3);
    const mixed: HostileRequest =
      choice === 0
        ? { ...base, label: `mix ${base.label} + method of ${other.label}`, method: other.method }
        : choice === 1
          ? { ...base, label: `mix ${base.label} + headers of ${other.label}`, headers: other.headers }
          : { ...base, label: `mix ${base.label} + body of ${other.label}`, body: other.body };
    if (mixed.method === 'DELETE' || mixed.path.includes('linking-codes')) continue;
    out.push(mixed);
  }
  return out;
}
