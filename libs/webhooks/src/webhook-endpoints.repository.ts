import { type DataSource } from 'typeorm';
import { MAX_WEBHOOK_ENDPOINTS, type SubscribableEventType } from './domain/webhook-events';
import { type Queryable } from '@pft/platform/database/queryable';
import { rowsOf } from '@pft/platform/database/rows-of';
import {
  deleteErasedPilotNotices,
  LINK_NOTICE_TYPES,
  lockLinkNoticeConnections,
} from './webhook-deliveries.repository';
import { newEndpointId, newWebhookSecret } from './webhook-signature';

/** An endpoint as partners see it; `secret` only when created or rotated. */
export interface EndpointView {
  id: string;
  url: string;
  events: string[];
  status: 'enabled' | 'disabled';
  created_at: string;
  secret?: string;
}

/** An endpoint as operators see it: its partner, and why and since when it is disabled. */
export interface OperatorEndpointView extends EndpointView {
  partner_id: string;
  disabled_at: string | null;
  disabled_reason: string | null;
  failing_since: string | null;
  pending_deliveries: number;
  failed_deliveries: number;
}

interface EndpointRow {
  endpoint_id: string;
  partner_id: string;
  url: string;
  events: string[];
  status: 'enabled' | 'disabled';
  created_at: Date;
  secret: string;
  disabled_at: Date | null;
  disabled_reason: string | null;
  failing_since: Date | null;
}

const COLUMNS = `endpoint_id, partner_id, url, events, status, created_at, secret, disabled_at, disabled_reason,
  failing_since`;

function toView(row: EndpointRow, withSecret = false): EndpointView {
  return {
    id: row.endpoint_id,
    url: row.url,
    events: row.events,
    status: row.status,
    created_at: row.created_at.toISOString(),
    ...(withSecret ? { secret: row.secret } : {}),
  };
}

export type CreateEndpointOutcome = { ok: true; endpoint: EndpointView } | { ok: false; reason: 'too_many' };

/**
 * Creates an enabled endpoint with a new secret, unless the partner has MAX_WEBHOOK_ENDPOINTS already:
 * the partner's row is locked meanwhile, so concurrent creations cannot pass the limit together.
 */
export function createEndpoint(
  db: DataSource,
  partnerId: string,
  url: string,
  events: readonly SubscribableEventType[],
  alsoIn?: (tx: Queryable, endpoint: EndpointView) => Promise<void>,
): Promise<CreateEndpointOutcome> {
  return db.transaction(async (tx) => {
    await tx.query('select 1 from partners where partner_id = $1 for update', [partnerId]);
    const [{ count }] = rowsOf<{ count: number }>(
      await tx.query(
        `select count(*)::int as count from webhook_endpoints where partner_id = $1 and status <> 'deleted'`,
        [partnerId],
      ),
    ) as [{ count: number }];
    if (count >= MAX_WEBHOOK_ENDPOINTS) return { ok: false, reason: 'too_many' };
    const [row] = rowsOf<EndpointRow>(
      await tx.query(
        `insert into webhook_endpoints (endpoint_id, partner_id, url, events, status, secret)
         values ($1, $2, $3, $4, 'enabled', $5) returning ${COLUMNS}`,
        [newEndpointId(), partnerId, url, events, newWebhookSecret()],
      ),
    );
    const endpoint = toView(row!, true);
    await alsoIn?.(tx, endpoint);
    return { ok: true, endpoint };
  });
}

/** The partner's endpoints (deleted ones left out), oldest first, without secrets. */
export async function listEndpoints(db: Queryable, partnerId: string): Promise<EndpointView[]> {
  const rows = rowsOf<EndpointRow>(
    await db.query(
      `select ${COLUMNS} from webhook_endpoints where partner_id = $1 and status <> 'deleted'
        order by created_at, endpoint_id`,
      [partnerId],
    ),
  );
  return rows.map((row) => toView(row));
}

/** The partner's endpoint of this id; undefined for another partner's, a deleted or an unknown one. */
export async function findEndpoint(
  db: Queryable,
  partnerId: string,
  endpointId: string,
): Promise<EndpointView | undefined> {
  const [row] = rowsOf<EndpointRow>(
    await db.query(
      `select ${COLUMNS} from webhook_endpoints where endpoint_id = $1 and partner_id = $2 and status <> 'deleted'`,
      [endpointId, partnerId],
    ),
  );
  return row ? toView(row) : undefined;
}

/**
 * Fails what is still queued for an endpoint that no longer takes events. A delivery's claim is kept: a
 * dispatcher may be sending it still, and clears it when that attempt settles (a redelivery meanwhile is
 * refused).
 */
async function dropQueued(db: Queryable, endpointId: string, reason: string): Promise<void> {
  // The connections of the links' notices it fails first, as the erasure locks them before deleting
  // the pilot's deliveries (the endpoint's row, locked by the caller, keeps more from being queued).
  await lockLinkNoticeConnections(
    db,
    rowsOf<{ type: string; ordering_key: string }>(
      await db.query(
        `select distinct type, ordering_key from webhook_deliveries
          where endpoint_id = $1 and status = 'pending' and type = any($2::text[])`,
        [endpointId, LINK_NOTICE_TYPES],
      ),
    ),
  );
  const failed = rowsOf<{ delivery_id: string; type: string }>(
    await db.query(
      `with failed as (
         update webhook_deliveries set status = 'failed', next_attempt_at = null, last_error = $2
          where endpoint_id = $1 and status = 'pending' returning delivery_id::text as delivery_id, type)
       select * from failed`,
      [endpointId, reason],
    ),
  );
  await deleteErasedPilotNotices(db, failed);
}

/**
 * Deletes the partner's endpoint; what was queued for it fails, and `alsoIn` does what else the deletion
 * takes, in the same transaction. False when not found.
 */
export function deleteEndpoint(
  db: DataSource,
  partnerId: string,
  endpointId: string,
  alsoIn?: (tx: Queryable) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = rowsOf<{ endpoint_id: string }>(
      await tx.query(
        `with changed as (update webhook_endpoints set status = 'deleted', deleted_at = now()
          where endpoint_id = $1 and partner_id = $2 and status <> 'deleted' returning endpoint_id) select * from changed`,
        [endpointId, partnerId],
      ),
    );
    if (rows.length === 0) return false;
    await dropQueued(tx, endpointId, 'endpoint deleted');
    await alsoIn?.(tx);
    return true;
  });
}

/**
 * Gives the partner's endpoint a new secret; the one it replaces still signs for `graceHours` (24), so
 * deliveries meanwhile carry both signatures, and so do those replaced before it within their own
 * `graceHours` (kept in `earlier_secrets`). `alsoIn` runs in the rotation's transaction (a request's
 * answer kept under its `Idempotency-Key`). Undefined when not found.
 */
export function rotateEndpointSecret(
  db: DataSource,
  partnerId: string,
  endpointId: string,
  alsoIn?: (tx: Queryable, endpoint: EndpointView) => Promise<void>,
  graceHours = 24,
): Promise<EndpointView | undefined> {
  if (!alsoIn) return rotateIn(db, partnerId, endpointId, graceHours);
  return db.transaction(async (tx) => {
    const endpoint = await rotateIn(tx, partnerId, endpointId, graceHours);
    if (endpoint) await alsoIn(tx, endpoint);
    return endpoint;
  });
}

async function rotateIn(
  db: Queryable,
  partnerId: string,
  endpointId: string,
  graceHours: number,
): Promise<EndpointView | undefined> {
  const [row] = rowsOf<EndpointRow>(
    await db.query(
      `with changed as (update webhook_endpoints
          set earlier_secrets = coalesce((
                select jsonb_agg(s) from jsonb_array_elements(earlier_secrets || case
                    when previous_secret_until > now()
                    then jsonb_build_array(jsonb_build_object('secret', previous_secret, 'until', previous_secret_until))
                    else '[]'::jsonb end) s
                 where (s ->> 'until')::timestamptz > now()), '[]'::jsonb),
              previous_secret = secret, previous_secret_until = now() + $4 * interval '1 hour', secret = $3
        where endpoint_id = $1 and partner_id = $2 and status <> 'deleted' returning ${COLUMNS}) select * from changed`,
      [endpointId, partnerId, newWebhookSecret(), graceHours],
    ),
  );
  return row ? toView(row, true) : undefined;
}

/** Every endpoint (or one partner's), with its state, for operators. */
export async function listEndpointsForOperators(
  db: Queryable,
  options: { partnerId?: string; endpointId?: string } = {},
): Promise<OperatorEndpointView[]> {
  const rows = rowsOf<EndpointRow & { pending: number; failed: number }>(
    await db.query(
      `select ${COLUMNS.replace(/(\w+)/g, 'e.$1')},
              (select count(*)::int from webhook_deliveries d where d.endpoint_id = e.endpoint_id and d.status = 'pending') as pending,
              (select count(*)::int from webhook_deliveries d where d.endpoint_id = e.endpoint_id and d.status = 'failed') as failed
         from webhook_endpoints e
        where e.status <> 'deleted' and ($1::uuid is null or e.partner_id = $1) and ($2::text is null or e.endpoint_id = $2)
        order by e.created_at, e.endpoint_id`,
      [options.partnerId ?? null, options.endpointId ?? null],
    ),
  );
  return rows.map((row) => ({
    ...toView(row),
    partner_id: row.partner_id,
    disabled_at: row.disabled_at?.toISOString() ?? null,
    disabled_reason: row.disabled_reason,
    failing_since: row.failing_since?.toISOString() ?? null,
    pending_deliveries: row.pending,
    failed_deliveries: row.failed,
  }));
}

/**
 * Disables an endpoint (an operator, or the dispatcher after WEBHOOK_DISABLE_AFTER_MS of failures):
 * nothing stays queued for it. False when no such endpoint is enabled.
 */
export function disableEndpoint(db: DataSource, endpointId: string, reason: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = rowsOf<{ endpoint_id: string }>(
      await tx.query(
        `with changed as (update webhook_endpoints set status = 'disabled', disabled_at = now(), disabled_reason = $2
          where endpoint_id = $1 and status = 'enabled' returning endpoint_id) select * from changed`,
        [endpointId, reason],
      ),
    );
    if (rows.length === 0) return false;
    await dropQueued(tx, endpointId, `endpoint disabled: ${reason}`);
    return true;
  });
}

/** Enables a disabled endpoint again, its failures forgotten. False when no such endpoint is disabled. */
export async function enableEndpoint(db: Queryable, endpointId: string): Promise<boolean> {
  const rows = rowsOf<{ endpoint_id: string }>(
    await db.query(
      `with changed as (update webhook_endpoints set status = 'enabled', disabled_at = null, disabled_reason = null, failing_since = null
        where endpoint_id = $1 and status = 'disabled' returning endpoint_id) select * from changed`,
      [endpointId],
    ),
  );
  return rows.length > 0;
}
