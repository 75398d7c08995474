import { FRESHNESS_MS, MonotonicReads, type ReadVerdict, totalsOf, type WorkloadPilot } from '@pft/testing';

/** A read that was neither right nor a clean 503, with what it showed and what was expected. */
export interface WrongRead {
  /** Seconds since the soak began, when the read was sent. */
  at: number;
  pilotId: string;
  /** Which partner API replica answered (0 or 1) and on which endpoint. */
  replica: number;
  endpoint: 'single' | 'batch';
  status: number;
  why: string;
  /** The fields that differ from the oracle's totals at the floor and at the newest state sent. */
  vsFloor?: Record<string, [unknown, unknown]>;
  vsNewest?: Record<string, [unknown, unknown]>;
  /** The newest state of the pilot a right read had shown by then: which, on which replica, when. */
  newestShown?: string;
  /** The body when the answer was not a 200 with totals (cut short). */
  body?: string;
}

export interface ReadTally {
  requests: number;
  /** Pilot totals judged: one per single read, one per pilot in a batch. */
  pilotReads: number;
  right: number;
  /** Clean `503 SERVICE_UNAVAILABLE` answers in the envelope, with a request id. */
  unavailable: number;
  /** Every wrong read counted; the first WRONG_KEPT of them kept with their detail. */
  wrongCount: number;
  wrong: WrongRead[];
  /** Right reads that had not yet shown a change acknowledged before they began. */
  behind: number;
  maxLagMs: number;
  /** Right reads further behind than the freshness rule allows (Partner API v1, section 8). */
  overFreshness: { at: number; pilotId: string; lagMs: number }[];
}

export const newReadTally = (): ReadTally => ({
  requests: 0,
  pilotReads: 0,
  right: 0,
  unavailable: 0,
  wrongCount: 0,
  wrong: [],
  behind: 0,
  maxLagMs: 0,
  overFreshness: [],
});

/** The fields where `read` differs from `expected`, nested ones named by their path ("totals.pic_minutes"). */
function differences(read: unknown, expected: unknown, path = ''): Record<string, [unknown, unknown]> {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    !!v && typeof v === 'object' && !Array.isArray(v);
  const a = isObject(read) ? read : {};
  const b = isObject(expected) ? expected : {};
  const out: Record<string, [unknown, unknown]> = {};
  for (const field of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (isObject(a[field]) && isObject(b[field]))
      Object.assign(out, differences(a[field], b[field], `${path}${field}.`));
    else if (JSON.stringify(a[field]) !== JSON.stringify(b[field]))
      out[`${path}${field}`] = [a[field], b[field]];
  }
  return out;
}

const WRONG_KEPT = 20;

/** What the partner API's envelope may hold; a body that is not JSON is kept as its text. */
interface Answer {
  status: number;
  body:
    | {
        data?: Record<string, unknown> & { pilots?: unknown };
        error?: { code?: string };
        meta?: { request_id?: unknown };
      }
    | string
    | null;
}

const isCleanUnavailable = ({ status, body }: Answer): boolean =>
  status === 503 &&
  typeof body === 'object' &&
  body?.error?.code === 'SERVICE_UNAVAILABLE' &&
  typeof body?.meta?.request_id === 'string';

async function get(url: string, key: string): Promise<Answer> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as Answer['body'] };
  } catch {
    return { status: response.status, body: text };
  }
}

/**
 * Partner reads until `stop()`, judged as they come against the oracle (MonotonicReads): `readers`
 * loops, each sending its next read `pauseMs` after the last answer, to the replicas in turn; one read
 * in four is a batch of 2 to 20 pilots. Every answer is right, a clean 503, or wrong.
 */
export async function readUntil(
  replicas: () => string[],
  key: string,
  pilots: () => WorkloadPilot[],
  options: { readers: number; pauseMs: number; began: number },
  stop: () => boolean,
): Promise<ReadTally> {
  const tally = newReadTally();
  const monotonic = new MonotonicReads();
  const seconds = (t: number): number => Number(((t - options.began) / 1000).toFixed(1));
  let turn = 0;
  const shown = new Map<WorkloadPilot, { index: number; replica: number; at: number }>();
  const wrong = (read: WrongRead): void => {
    tally.wrongCount += 1;
    if (tally.wrong.length < WRONG_KEPT) tally.wrong.push(read);
  };
  const record = (
    base: Omit<WrongRead, 'why'>,
    pilot: WorkloadPilot,
    verdict: ReadVerdict & { floor: number },
    totals: unknown,
  ): void => {
    tally.pilotReads += 1;
    if (verdict.right) {
      if (verdict.index >= (shown.get(pilot)?.index ?? -1))
        shown.set(pilot, { index: verdict.index, replica: base.replica, at: base.at });
      tally.right += 1;
      if (verdict.lagMs > 0) tally.behind += 1;
      tally.maxLagMs = Math.max(tally.maxLagMs, verdict.lagMs);
      if (verdict.lagMs > FRESHNESS_MS)
        tally.overFreshness.push({ at: base.at, pilotId: pilot.pilotId, lagMs: verdict.lagMs });
      return;
    }
    const history = pilot.model.history;
    const newest = shown.get(pilot);
    wrong({
      ...base,
      why: verdict.why,
      newestShown: newest && `state ${newest.index}, by replica ${newest.replica}, read at ${newest.at} s`,
      vsFloor: differences(totals, JSON.parse(history[verdict.floor]!.totals)),
      vsNewest: differences(totals, JSON.parse(history[history.length - 1]!.totals)),
    });
  };
  const readOne = async (): Promise<void> => {
    const live = pilots();
    const urls = replicas();
    const replica = turn++ % urls.length;
    const batch = Math.random() < 0.25;
    const chosen = batch
      ? [
          ...new Set(
            Array.from(
              { length: 2 + Math.floor(Math.random() * 19) },
              () => live[Math.floor(Math.random() * live.length)]!,
            ),
          ),
        ]
      : [live[Math.floor(Math.random() * live.length)]!];
    const judges = chosen.map((pilot) => monotonic.begin(pilot));
    const sentAt = performance.now();
    const base = { at: seconds(sentAt), replica, endpoint: batch ? ('batch' as const) : ('single' as const) };
    const url = batch
      ? `${urls[replica]}/v1/pilot-totals/batch?pilot_ids=${chosen.map((p) => p.pilotId).join(',')}`
      : `${urls[replica]}/v1/pilot-totals?pilot_id=${chosen[0]!.pilotId}`;
    tally.requests += 1;
    let answer: Answer;
    try {
      answer = await get(url, key);
    } catch (err) {
      tally.pilotReads += chosen.length;
      for (const pilot of chosen)
        wrong({ ...base, pilotId: pilot.pilotId, status: 0, why: `no answer: ${(err as Error).message}` });
      return;
    }
    if (isCleanUnavailable(answer)) {
      tally.pilotReads += chosen.length;
      tally.unavailable += chosen.length;
      return;
    }
    const body = JSON.stringify(answer.body).slice(0, 500);
    const data = typeof answer.body === 'object' ? answer.body?.data : undefined;
    const items = answer.status !== 200 || !data ? undefined : batch ? data.pilots : [data];
    if (!Array.isArray(items)) {
      tally.pilotReads += chosen.length;
      for (const pilot of chosen)
        wrong({
          ...base,
          pilotId: pilot.pilotId,
          status: answer.status,
          why: 'not a 200 with totals, nor a clean 503',
          body,
        });
      return;
    }
    chosen.forEach((pilot, i) => {
      const item = items.find((it) => (it as { pilot_id?: string })?.pilot_id === pilot.pilotId) as
        Record<string, unknown> | undefined;
      const counted = items.filter((it) => (it as { pilot_id?: string })?.pilot_id === pilot.pilotId).length;
      if (!item || counted !== 1) {
        tally.pilotReads += 1;
        wrong({
          ...base,
          pilotId: pilot.pilotId,
          status: answer.status,
          why: `the linked pilot appears ${counted} times in the answer`,
          body,
        });
        return;
      }
      const totals = totalsOf(item);
      record({ ...base, pilotId: pilot.pilotId, status: answer.status }, pilot, judges[i]!(totals), totals);
    });
  };
  const reader = async (): Promise<void> => {
    while (!stop()) {
      await readOne();
      await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
  };
  await Promise.all(Array.from({ length: options.readers }, reader));
  return tally;
}
