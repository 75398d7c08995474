import { webhookBody, type WebhookEventType } from './domain/webhook-events';
import { type DataSource } from 'typeorm';
import { type Queryable } from '@pft/platform/database/queryable';
import { rowsOf } from '@pft/platform/database/rows-of';
import { newWebhookEventId } from './webhook-signature';

/** A delivery as the log shows it (partner platform 4.1). */
export interface DeliveryRecord {
  event_id: string;
  type: string;
  created_at: string;
  attempts: number;
  status: 'pending' | 'delivered' | 'failed';
  last_response_status: number | null;
  next_attempt_at: string | null;
}

/** A delivery with what an operator also needs: the endpoint, the partner and the last error. */
export interface OperatorDeliveryRecord extends DeliveryRecord {
  endpoint_id: string;
  partner_id: string;
  last_error: string | null;
}

const LOG_COLUMNS = `d.event_id, d.type, d.created_at, d.attempts, d.status, d.last_response_status,
  d.next_attempt_at`;

interface LogRow {
  event_id: string;
  type: string;
  created_at: Date;
  attempts: number;
  status: DeliveryRecord['status'];
  last_response_status: number | null;
  next_attempt_at: Date | null;
}

function toRecord(row: LogRow): DeliveryRecord {
  return {
    event_id: row.event_id,
    type: row.type,
    created_at: row.created_at.toISOString(),
    attempts: row.attempts,
    status: row.status,
    last_response_status: row.last_response_status,
    next_attempt_at:
      row.status === 'pending' && row.next_attempt_at ? row.next_attempt_at.toISOString() : null,
  };
}

/** An event to queue for one endpoint. `sourceKey` makes queueing it again a no-op. */
export interface QueuedEvent {
  endpointId: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
  /** The partner's `pilot_id`: that pilot's events reach the endpoint in order. */
  orderingKey: string;
  sourceKey: string;
}

/**
 * Queues an event for an endpoint that is enabled (a disabled or deleted one keeps nothing queued):
 * stored before any attempt, due at once. False when it was queued before or the endpoint is not enabled.
 * The endpoint's row is locked (for share) until the caller commits: a disable or delete running at the
 * same time either waits and then fails what this queued, or commits first and this queues nothing.
 */
export async function queueWebhookEvent(db: Queryable, event: QueuedEvent): Promise<boolean> {
  const id = newWebhookEventId();
  const createdAt = new Date().toISOString();
  const body = webhookBody({ id, type: event.type, created_at: createdAt, data: event.data });
  const rows = rowsOf<{ event_id: string }>(
    await db.query(
      `insert into webhook_deliveries (endpoint_id, event_id, type, created_at, body, ordering_key, source_key, next_attempt_at)
       select endpoint_id, $2, $3, $4, $5, $6, $7, now() from webhook_endpoints where endpoint_id = $1 and status = 'enabled'
       for share
       on conflict (endpoint_id, source_key) do nothing
       returning event_id`,
      [event.endpointId, id, event.type, createdAt, body, event.orderingKey, event.sourceKey],
    ),
  );
  return rows.length > 0;
}

/** An endpoint's deliveries, newest first. */
export async function listDeliveries(
  db: Queryable,
  endpointId: string,
  limit: number,
): Promise<DeliveryRecord[]> {
  const rows = rowsOf<LogRow>(
    await db.query(
      `select ${LOG_COLUMNS} from webhook_deliveries d where d.endpoint_id = $1 order by d.delivery_id desc limit $2`,
      [endpointId, limit],
    ),
  );
  return rows.map(toRecord);
}

/** Failed deliveries over every endpoint (or one), newest first: for operators. */
export async function listFailedDeliveries(
  db: Queryable,
  options: { endpointId?: string; limit: number },
): Promise<OperatorDeliveryRecord[]> {
  const rows = rowsOf<LogRow & { endpoint_id: string; partner_id: string; last_error: string | null }>(
    await db.query(
      `select ${LOG_COLUMNS}, d.endpoint_id, e.partner_id, d.last_error
         from webhook_deliveries d join webhook_endpoints e using (endpoint_id)
        where d.status = 'failed' and ($1::text is null or d.endpoint_id = $1)
        order by d.delivery_id desc limit $2`,
      [options.endpointId ?? null, options.limit],
    ),
  );
  return rows.map((row) => ({
    ...toRecord(row),
    endpoint_id: row.endpoint_id,
    partner_id: row.partner_id,
    last_error: row.last_error,
  }));
}

/** The notices about a pilot that no partner may get once that pilot's link has ended. */
const ABOUT_A_LINKED_PILOT: readonly WebhookEventType[] = [
  'pilot.linked',
  'pilot.sharing_updated',
  'pilot_totals.updated',
];

/** What a redelivery did: queued again for `queued` endpoints, or refused as a whole, nothing queued. */
export type Redelivery =
  | { ok: true; queued: number }
  /**
   * The event is about a pilot whose link has ended (disconnected, or the account erased): sent now it
   * would reach the partner after that link's `pilot.disconnected`, and a `pilot.linked` would read as
   * the pilot linking again (partner platform 4.2: nothing about a pilot after its disconnect).
   */
  | { ok: false; reason: 'link_ended'; type: WebhookEventType }
  /**
   * A dispatcher is sending the event to `endpointId` now (its claim runs until `claimedUntil`, or until
   * that attempt settles, whichever is first): queued again then, a second dispatcher would send it while
   * the first still does. Asked again once the attempt has settled, it is queued.
   */
  | { ok: false; reason: 'in_flight'; endpointId: string; claimedUntil: Date };

/**
 * Delivers an event again: its deliveries (to one endpoint or each it went to) become pending and due
 * now, with the same id and body, the attempts counted anew. Only to enabled endpoints. Refused when the
 * event is about a pilot (ABOUT_A_LINKED_PILOT) whose connection has ended: the connection is read locked
 * (for share) until the deliveries are queued again, so a disconnect waits for them and its
 * `pilot.disconnected` is queued after them, or commits first and this refuses. Refused too while one of
 * the deliveries is claimed by a dispatcher (sending it): they are locked (for update, after the
 * connections and the endpoints, the order in which a dispatcher settles them), so a claim either
 * commits first and is seen here, or passes them over (skip locked) until they are queued again.
 */
export async function redeliverEvent(
  db: DataSource,
  eventId: string,
  endpointId?: string,
): Promise<Redelivery> {
  return db.transaction(async (tx) => {
    const found = rowsOf<{ type: WebhookEventType; ordering_key: string }>(
      await tx.query(
        `select d.type, d.ordering_key from webhook_deliveries d join webhook_endpoints e using (endpoint_id)
          where e.status = 'enabled' and d.event_id = $1 and ($2::text is null or d.endpoint_id = $2)`,
        [eventId, endpointId ?? null],
      ),
    );
    const aboutPilots = found.filter((d) => ABOUT_A_LINKED_PILOT.includes(d.type));
    if (aboutPilots.length > 0) {
      const keys = [...new Set(aboutPilots.map((d) => d.ordering_key))].sort();
      const linked = new Set(
        rowsOf<{ connection_id: string }>(
          await tx.query(
            `select connection_id::text as connection_id from connections
              where connection_id = any($1::uuid[]) and disconnected_at is null
              order by connection_id for share`,
            [keys],
          ),
        ).map((r) => r.connection_id),
      );
      const ended = aboutPilots.find((d) => !linked.has(d.ordering_key));
      if (ended) return { ok: false, reason: 'link_ended', type: ended.type };
    }
    // The endpoints enabled, locked (for share) as queueing an event locks them: a disable or delete
    // waits for this and then fails what it queued again, or commits first and this queues nothing there.
    await tx.query(
      `select 1 from webhook_endpoints
        where status = 'enabled' and endpoint_id in (
          select endpoint_id from webhook_deliveries where event_id = $1 and ($2::text is null or endpoint_id = $2))
        order by endpoint_id for share`,
      [eventId, endpointId ?? null],
    );
    const sending = rowsOf<{ endpoint_id: string; claimed_until: Date; in_flight: boolean | null }>(
      await tx.query(
        `select d.endpoint_id, d.claimed_until, d.claimed_until > now() as in_flight
           from webhook_deliveries d join webhook_endpoints e using (endpoint_id)
          where e.status = 'enabled' and d.event_id = $1 and ($2::text is null or d.endpoint_id = $2)
          order by d.delivery_id for update of d`,
        [eventId, endpointId ?? null],
      ),
    ).find((d) => d.in_flight === true);
    if (sending)
      return {
        ok: false,
        reason: 'in_flight',
        endpointId: sending.endpoint_id,
        claimedUntil: sending.claimed_until,
      };
    const rows = rowsOf<{ event_id: string }>(
      await tx.query(
        `with changed as (update webhook_deliveries d
            set status = 'pending', attempts = 0, next_attempt_at = now(), claimed_until = null, last_error = null
           from webhook_endpoints e
          where e.endpoint_id = d.endpoint_id and e.status = 'enabled'
            and d.event_id = $1 and ($2::text is null or d.endpoint_id = $2) returning d.event_id) select * from changed`,
        [eventId, endpointId ?? null],
      ),
    );
    return { ok: true, queued: rows.length };
  });
}

/**
 * The notices of a link itself, `pilot.linked` and `pilot.disconnected`: an erasure keeps those still
 * pending (the partner's pilot_id and a time, which the partner was given when it redeemed the code), so
 * that the partner hears of the link and then of its end, in order (ERASURE_DELETES in libs/privacy
 * names them too).
 */
export const LINK_NOTICE_TYPES: readonly WebhookEventType[] = ['pilot.linked', 'pilot.disconnected'];

const isLinkNotice = (d: { type: string }) => (LINK_NOTICE_TYPES as readonly string[]).includes(d.type);

/**
 * Locks (for key share, in id order) the connections of those of `deliveries` that are a link's notices,
 * until the caller commits: a dispatcher takes them before it settles the notices, as the erasure locks
 * the connections (for update) before it deletes the settled notices. The other way round, a dispatcher
 * settling a notice the erasure sees settled already (failed when its endpoint was disabled) held the
 * notice while the erasure held the connection, each waiting for the other (deadlock detected). An
 * endpoint's disable or delete takes them too, before failing what is queued.
 */
export async function lockLinkNoticeConnections(
  db: Queryable,
  deliveries: readonly { type: string; ordering_key: string }[],
): Promise<void> {
  const keys = [...new Set(deliveries.filter(isLinkNotice).map((d) => d.ordering_key))].sort();
  if (keys.length === 0) return;
  await db.query(
    `select 1 from connections where connection_id = any($1::uuid[]) order by connection_id for key share`,
    [keys],
  );
}

/**
 * Deletes, in the caller's transaction (the one that settled them), those of `settled` that are a
 * link's notices (LINK_NOTICE_TYPES), delivered or failed, whose connection is gone: their pilot's
 * account was erased, and pending notices were all that was kept of it (docs/privacy.md). The
 * connection is read `for key share`: the erasure deleting it (for update, with the notices settled by
 * then) either waits for this transaction and deletes the notice itself, or commits first and this finds
 * it gone. A dispatcher locks it before settling the notice (lockLinkNoticeConnections).
 */
export async function deleteErasedPilotNotices(
  db: Queryable,
  settled: readonly { delivery_id: string; type: string }[],
): Promise<void> {
  const ids = settled.filter(isLinkNotice).map((d) => d.delivery_id);
  if (ids.length === 0) return;
  await db.query(
    `delete from webhook_deliveries d
      where d.delivery_id = any($1::bigint[]) and d.type = any($2::text[]) and d.status <> 'pending'
        and not exists (select 1 from connections c where c.connection_id = d.ordering_key::uuid for key share)`,
    [ids, LINK_NOTICE_TYPES],
  );
}
