import { type WorkloadPilot } from './logbook-workload';

export interface ReadCheck {
  reads: number;
  unavailable: number;
  /** Answers that were neither a state the pilot went through nor a 503 in the envelope. */
  wrong: string[];
}

/** A partner's totals object without `pilot_id` and `last_updated`: what the oracle gives. */
export function totalsOf(data: Record<string, unknown>): Record<string, unknown> {
  const { pilot_id: _id, last_updated: _updated, ...rest } = data;
  return rest;
}

/** One `GET /v1/pilot-totals` of the pilot, its body parsed when it is JSON. */
export async function readOne(
  partnerApiUrl: string,
  key: string,
  pilot: WorkloadPilot,
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${partnerApiUrl}/v1/pilot-totals?pilot_id=${pilot.pilotId}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, body };
}

/** The pilot's totals as the partner reads them now, without `pilot_id` and `last_updated`. */
export async function readPartnerTotals(
  partnerApiUrl: string,
  key: string,
  pilot: WorkloadPilot,
): Promise<{ status: number; totals: Record<string, unknown> }> {
  const answer = await readOne(partnerApiUrl, key, pilot);
  return { status: answer.status, totals: totalsOf(answer.body?.data ?? {}) };
}

/** Each pilot's totals as the partner reads them now are exactly the model's. */
export async function expectEveryPilotCurrent(
  partnerApiUrl: string,
  key: string,
  pilots: WorkloadPilot[],
): Promise<void> {
  for (const pilot of pilots) {
    expect(await readPartnerTotals(partnerApiUrl, key, pilot)).toEqual({
      status: 200,
      totals: pilot.model.totals(),
    });
  }
}

/** Reads random pilots until `stop()` says so; every answer must be right, or a clean 503. */
export async function checkReadsUntil(
  partnerApiUrl: string,
  key: string,
  pilots: WorkloadPilot[],
  stop: () => boolean,
): Promise<ReadCheck> {
  const result: ReadCheck = { reads: 0, unavailable: 0, wrong: [] };
  while (!stop()) {
    const pilot = pilots[Math.floor(Math.random() * pilots.length)]!;
    let answer: { status: number; body: any };
    try {
      answer = await readOne(partnerApiUrl, key, pilot);
    } catch {
      // the partner API itself is not killed in these tests; a refused connection is a failure
      result.wrong.push('connection to the partner API failed');
      continue;
    }
    result.reads += 1;
    if (
      answer.status === 503 &&
      answer.body?.error?.code === 'SERVICE_UNAVAILABLE' &&
      answer.body?.meta?.request_id
    ) {
      result.unavailable += 1;
    } else if (answer.status !== 200 || !pilot.model.isKnownState(totalsOf(answer.body?.data ?? {}))) {
      result.wrong.push(`${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return result;
}

/** Waits until every pilot reads exactly its current totals; resolves with the time that took. */
export async function waitUntilAllCurrent(
  partnerApiUrl: string,
  key: string,
  pilots: WorkloadPilot[],
  timeoutMs: number,
): Promise<number> {
  const started = performance.now();
  const pending = new Set(pilots);
  while (pending.size > 0) {
    for (const pilot of [...pending]) {
      const answer = await readOne(partnerApiUrl, key, pilot).catch(() => undefined);
      if (answer?.status === 200 && pilot.model.isCurrent(totalsOf(answer.body.data))) pending.delete(pilot);
    }
    if (pending.size === 0) break;
    if (performance.now() - started > timeoutMs) {
      const pilot = [...pending][0]!;
      const answer = await readOne(partnerApiUrl, key, pilot);
      throw new Error(
        `${pending.size} pilots still differ after ${timeoutMs} ms; e.g. ${pilot.pilotId}: expected ` +
          `${JSON.stringify(pilot.model.totals())}, read ${JSON.stringify(answer.body)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return performance.now() - started;
}
