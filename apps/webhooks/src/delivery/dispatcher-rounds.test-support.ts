import { type DataSource } from 'typeorm';
import { claimAllDue } from '../webhooks-ground.test-support';
import { type ClaimedDelivery, recordDelivered, recordDropped, recordFailed } from './delivery.store';

/**
 * The delivery worker's round for the webhooks app's tests, the HTTP call left out: every due delivery
 * claimed, a stale one dropped, every other one answered `status` (200 delivers it; any other status
 * fails it for good, no retry). What it claimed, and what it attempted, in order.
 */
export async function dispatchRound(
  ds: DataSource,
  status = 200,
): Promise<{ claimed: number; attempted: ClaimedDelivery[] }> {
  const claimed = await claimAllDue(ds);
  const attempted: ClaimedDelivery[] = [];
  for (const delivery of claimed) {
    if (delivery.stale) {
      await recordDropped(ds, delivery);
      continue;
    }
    attempted.push(delivery);
    if (status === 200) await recordDelivered(ds, delivery, status);
    else await recordFailed(ds, delivery, { status, error: 'down', retryInMs: null });
  }
  return { claimed: claimed.length, attempted };
}

/**
 * The dispatcher's rounds until nothing is due (see dispatchRound): the types of what was attempted, in
 * order; only those about `orderingKey` (a connection) when it is given.
 */
export async function dispatchAll(
  ds: DataSource,
  options: { status?: number; orderingKey?: string } = {},
): Promise<string[]> {
  const types: string[] = [];
  for (;;) {
    const round = await dispatchRound(ds, options.status);
    if (round.claimed === 0) return types;
    for (const d of round.attempted)
      if (options.orderingKey === undefined || d.ordering_key === options.orderingKey) types.push(d.type);
  }
}
