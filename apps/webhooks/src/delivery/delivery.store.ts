import { type DataSource } from 'typeorm';
import { deleteErasedPilotNotices, lockLinkNoticeConnections } from '@pft/webhooks';
import { rowsOf } from '@pft/platform/database/rows-of';

/** A claimed delivery with what an attempt needs. */
export interface ClaimedDelivery {
  delivery_id: string;
  endpoint_id: string;
  event_id: string;
  type: string;
  body: string;
  ordering_key: string;
  attempts: number;
  created_at: Date;
  url: string;
  /** The secrets that sign: the current one, and the previous one within a day of a rotation. */
  secrets: string[];
  /**
   * A pilot's event claimed once that pilot's connection has ended (or was erased): not to be sent. The
   * link's own notices never are: its `pilot.linked` still queued goes out before its `pilot.disconnected`,
   * so a partner hears of the end of a link it has heard of (partner platform 4.4: in order per endpoint
   * and pilot); to an endpoint that does not take `pilot.disconnected` it is stale too (it would tell of
   * a link that has ended, and nothing after it). What the pilot shared and its totals are never told
   * after the disconnect.
   */
  stale: boolean;
  /**
   * The claim's end as the database wrote it (to the microsecond): recording the attempt ends this claim
   * only. Recorded after it lapsed, another dispatcher may have claimed the delivery and be sending it:
   * its claim is left alone, so no third one claims it (nor does a redelivery queue it) meanwhile.
   */
  claim: string;
}

/**
 * Claims due deliveries: each the earliest pending one of its endpoint and pilot (a later one waits
 * for it), of enabled endpoints not in `busyEndpoints`, at most `perEndpoint` per endpoint (less the
 * attempts the dispatcher has out to it, `held`) and `limit` in all, for `leaseMs`. A dispatcher that
 * dies with a claim leaves it to be taken again after the lease. Each delivery is claimed by one
 * dispatcher at a time, however many claim at once.
 */
export async function claimDueDeliveries(
  db: DataSource,
  options: {
    limit: number;
    perEndpoint: number;
    busyEndpoints: string[];
    leaseMs: number;
    held?: ReadonlyMap<string, number>;
  },
): Promise<ClaimedDelivery[]> {
  const held = [...(options.held ?? new Map<string, number>())];
  return rowsOf<ClaimedDelivery>(
    await db.query(
      `with heads as (
         select d.delivery_id, d.endpoint_id,
                row_number() over (partition by d.endpoint_id order by d.next_attempt_at, d.delivery_id) as rank
           from webhook_deliveries d join webhook_endpoints e using (endpoint_id)
          where d.status = 'pending' and d.next_attempt_at <= now()
            and (d.claimed_until is null or d.claimed_until < now())
            and e.status = 'enabled' and not (d.endpoint_id = any($3::text[]))
            and not exists (
              select 1 from webhook_deliveries p
               where p.endpoint_id = d.endpoint_id and p.ordering_key = d.ordering_key
                 and p.status = 'pending' and p.delivery_id < d.delivery_id)
       ),
       -- Checked again on the row as locked: one another dispatcher claimed (or settled) after this
       -- statement's snapshot, unlocked by then, is skipped rather than claimed and sent a second time.
       picked as (
         select d.delivery_id from webhook_deliveries d
          where d.delivery_id in (
                  select h.delivery_id from heads h
                   where h.rank <= $2 - coalesce((select o.n from unnest($5::text[], $6::int[]) o(endpoint_id, n)
                                                   where o.endpoint_id = h.endpoint_id), 0))
            and d.status = 'pending' and d.next_attempt_at <= now()
            and (d.claimed_until is null or d.claimed_until < now())
          order by d.next_attempt_at, d.delivery_id
          limit $1
          for update of d skip locked
       ),
       claimed as (
         update webhook_deliveries w set claimed_until = now() + $4 * interval '1 millisecond'
           from picked where w.delivery_id = picked.delivery_id
         returning w.delivery_id, w.endpoint_id, w.event_id, w.type, w.body, w.ordering_key, w.attempts, w.created_at,
                   w.claimed_until
       )
       select c.delivery_id::text, c.endpoint_id, c.event_id, c.type, c.body, c.ordering_key, c.attempts, c.created_at,
              c.claimed_until::text as claim,
              e.url,
              array_remove(array[e.secret, case when e.previous_secret_until > now() then e.previous_secret end], null)
                || array(select s ->> 'secret' from jsonb_array_elements(e.earlier_secrets) s
                          where (s ->> 'until')::timestamptz > now()) as secrets,
              -- The pilot's connection (its pilot_id, by its key) ended, or gone with the pilot's account:
              -- read by its key, not by searching the endpoint's deliveries for the pilot.disconnected.
              -- The link's notices go out whatever came after them: its end, and its pilot.linked to an
              -- endpoint that is told of its end (to one that is not, it would tell of a link that ended).
              case when c.type in ('pilot.disconnected', 'webhook.test') then false
                   when c.type = 'pilot.linked' and 'pilot.disconnected' = any(e.events) then false
                   else not exists (select 1 from connections k
                                     where k.connection_id = c.ordering_key::uuid and k.disconnected_at is null)
              end as stale
         from claimed c join webhook_endpoints e using (endpoint_id)`,
      [
        options.limit,
        options.perEndpoint,
        options.busyEndpoints,
        options.leaseMs,
        held.map(([endpointId]) => endpointId),
        held.map(([, n]) => n),
      ],
    ),
  );
}

/*
 * Settling an attempt locks, in this order: the connection of a link's notice (as the erasure, which then
 * deletes the settled notices), the endpoint (as its disable or delete, which then fails what is queued
 * for it), and then the delivery. Taken the other way round, the dispatcher holding the delivery waited
 * for the endpoint, or the connection, held by one waiting for that delivery (deadlock detected).
 */

/** Ends the claim `param` names (ClaimedDelivery.claim), not another dispatcher's taken since it lapsed. */
const END_CLAIM = (param: string) =>
  `claimed_until = case when claimed_until = ${param}::timestamptz then null else claimed_until end`;

/** Records a delivered attempt; the endpoint is no longer failing. */
export async function recordDelivered(
  db: DataSource,
  delivery: ClaimedDelivery,
  status: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockLinkNoticeConnections(tx, [delivery]);
    await tx.query(
      `update webhook_endpoints set failing_since = null where endpoint_id = $1 and failing_since is not null`,
      [delivery.endpoint_id],
    );
    await tx.query(
      `update webhook_deliveries
          set status = 'delivered', attempts = attempts + 1, last_attempt_at = now(), last_response_status = $2,
              last_error = null, delivered_at = now(), next_attempt_at = null, ${END_CLAIM('$3')}
        where delivery_id = $1`,
      [delivery.delivery_id, status, delivery.claim],
    );
    await deleteErasedPilotNotices(tx, [delivery]);
  });
}

/** Since when an endpoint has been failing, and the time then, both by the database's clock. */
export interface Failing {
  since: Date;
  now: Date;
}

/**
 * Records a failed attempt: tried again after `retryInMs`, or failed for good when it is null. Returns
 * since when the endpoint has been failing (this attempt's time when it was not), and the time of the
 * record, by the database's clock (which wrote the first): a dispatcher's own clock may be off.
 */
export async function recordFailed(
  db: DataSource,
  delivery: ClaimedDelivery,
  outcome: { status: number | null; error: string; retryInMs: number | null },
): Promise<Failing> {
  return db.transaction(async (tx) => {
    await lockLinkNoticeConnections(tx, [delivery]);
    const [failing] = rowsOf<{ failing_since: Date | null; now: Date }>(
      await tx.query(
        `with changed as (update webhook_endpoints set failing_since = coalesce(failing_since, now())
          where endpoint_id = $1 returning failing_since)
         select (select failing_since from changed) as failing_since, now() as now`,
        [delivery.endpoint_id],
      ),
    ) as [{ failing_since: Date | null; now: Date }];
    await tx.query(
      // A delivery settled while its attempt was out (its endpoint disabled or deleted meanwhile, which
      // fails what was queued) stays settled: the attempt is counted, nothing is queued again.
      `update webhook_deliveries
          set attempts = attempts + 1, last_attempt_at = now(), last_response_status = $2,
              last_error = case when status = 'pending' then $3 else last_error end,
              next_attempt_at = case when status = 'pending' and $4::bigint is not null
                                     then now() + $4 * interval '1 millisecond' end,
              status = case when status <> 'pending' then status when $4::bigint is null then 'failed' else 'pending' end,
              ${END_CLAIM('$5')}
        where delivery_id = $1`,
      [delivery.delivery_id, outcome.status, outcome.error.slice(0, 500), outcome.retryInMs, delivery.claim],
    );
    await deleteErasedPilotNotices(tx, [delivery]);
    return { since: failing.failing_since ?? failing.now, now: failing.now };
  });
}

/**
 * Settles a delivery that must not be sent (its pilot was disconnected): failed, never attempted. A
 * link's notice so settled whose connection the erasure has deleted is deleted with it, as a sent one is.
 */
export async function recordDropped(db: DataSource, delivery: ClaimedDelivery): Promise<void> {
  await db.transaction(async (tx) => {
    await lockLinkNoticeConnections(tx, [delivery]);
    await tx.query(
      `update webhook_deliveries set status = 'failed', next_attempt_at = null, ${END_CLAIM('$2')},
              last_error = 'not sent: the pilot was disconnected from the partner'
        where delivery_id = $1`,
      [delivery.delivery_id, delivery.claim],
    );
    await deleteErasedPilotNotices(tx, [delivery]);
  });
}

/** Pending deliveries and disabled endpoints now, for the gauges. */
export async function queueState(db: DataSource): Promise<{ pending: number; disabled: number }> {
  const [row] = rowsOf<{ pending: number; disabled: number }>(
    await db.query(
      `select (select count(*)::int from webhook_deliveries where status = 'pending') as pending,
              (select count(*)::int from webhook_endpoints where status = 'disabled') as disabled`,
    ),
  );
  return row ?? { pending: 0, disabled: 0 };
}
