import { queueWebhookEvent } from '@pft/webhooks';
import { type EventMessage, LOGBOOK_EVENT_TYPES } from '@pft/contracts';
import { type SubscribableEventType } from '@pft/webhooks/domain';
import { sharedData } from '@pft/partners/domain';
import { lockPilotTotalsChanges } from '@pft/privacy';
import { type Queryable } from '@pft/platform/database/queryable';
import { rowsOf } from '@pft/platform/database/rows-of';

/** Which of the messages the intake has taken in before (webhook_intake_marks): none unless told. */
export interface IntakeReads {
  readBefore?: (message: EventMessage) => boolean;
}

/**
 * Turns pilot events (in topic order) into what webhooks need, inside the caller's transaction: a link,
 * a change of what a connection shares or a disconnect is queued for each enabled endpoint of that partner that takes its type and existed
 * when it happened; logbook changes are noted for the totals notifier, once per pilot, for pilots some
 * partner with an endpoint is linked to. Idempotent: the same events again add nothing (a link's
 * notices of a connection the erasure deleted, whose deliveries are deleted once sent, are queued on
 * the first read alone: `readBefore`). The number of deliveries queued.
 */
export async function takeInEvents(
  db: Queryable,
  messages: readonly EventMessage[],
  reads: IntakeReads = {},
): Promise<number> {
  let queued = 0;
  const kept = await lockConnections(db, messages);
  const firstRead = (message: EventMessage) => !(reads.readBefore?.(message) ?? false);
  const totalsChanged = new Map<string, number>();
  for (const message of messages) {
    if ((LOGBOOK_EVENT_TYPES as readonly string[]).includes(message.type)) {
      // Changed once the projection has folded the command this event belongs to (its last stream
      // version): a partner told earlier would read the totals before the change.
      const version = Math.max(message.stream_version, message.metadata.command_last_version ?? 0);
      totalsChanged.set(
        message.pilot_account_id,
        Math.max(version, totalsChanged.get(message.pilot_account_id) ?? 0),
      );
    } else queued += await takeInConsentEvent(db, message, kept, firstRead(message));
  }
  // Under each pilot's lock of its totals changes, taken before the connections are read: an erasure
  // deleting them waits for this batch, or this batch for it (and then reads the connections ended).
  await lockPilotTotalsChanges(db, totalsChanged.keys());
  for (const [pilotAccountId, version] of totalsChanged) await noteTotalsChange(db, pilotAccountId, version);
  return queued;
}

/**
 * A link's notices whose connection is gone (the pilot's account was erased) are queued on the event's
 * first read alone, as the erasure keeps them while pending: read late, the partner hears of the link it
 * redeemed, then of its end (partner platform 4.4, in order per endpoint and pilot; privacy: the
 * disconnect an erasure makes reaches the partner). Read again, nothing: they were queued on the first
 * read, and those sent since were deleted, so queueing them again would tell the partner twice.
 */
async function takeInConsentEvent(
  db: Queryable,
  message: EventMessage,
  kept: ReadonlySet<string>,
  firstRead: boolean,
): Promise<number> {
  switch (message.type) {
    case 'PilotLinked': {
      const p = message.payload as { partner_id: string; connection_id: string; linked_at: string };
      const linked = kept.has(p.connection_id);
      if (!linked && !firstRead) return 0;
      const queued = await queueForPartner(db, message, p.partner_id, p.connection_id, 'pilot.linked', {
        pilot_id: p.connection_id,
        linked_at: p.linked_at,
      });
      // The mark goes with its connection: none for one gone (no totals are told of it).
      if (linked) await noteLinkRead(db, p.connection_id);
      return queued;
    }
    case 'PilotDisconnected': {
      const p = message.payload as { partner_id: string; connection_id: string; disconnected_at: string };
      if (!kept.has(p.connection_id) && !firstRead) return 0;
      return queueForPartner(db, message, p.partner_id, p.connection_id, 'pilot.disconnected', {
        pilot_id: p.connection_id,
        disconnected_at: p.disconnected_at,
      });
    }
    case 'ExperienceSharingChanged': {
      const p = message.payload as { partner_id: string; connection_id: string; share_experience: boolean };
      // Nothing of what a pilot_id whose account was erased shared, however late it is read.
      if (!kept.has(p.connection_id)) return 0;
      return queueForPartner(db, message, p.partner_id, p.connection_id, 'pilot.sharing_updated', {
        pilot_id: p.connection_id,
        shared: sharedData(p.share_experience),
      });
    }
    case 'LinkingCodeIssued':
    case 'FlightRecorded':
    case 'FlightAmended':
    case 'FlightDeleted':
    case 'StartingTotalsSet':
    case 'AccountErased':
      return 0;
  }
}

async function queueForPartner(
  db: Queryable,
  message: EventMessage,
  partnerId: string,
  connectionId: string,
  type: SubscribableEventType,
  data: Record<string, unknown>,
): Promise<number> {
  const endpoints = rowsOf<{ endpoint_id: string }>(
    await db.query(
      `select endpoint_id from webhook_endpoints
        where partner_id = $1 and status = 'enabled' and $2 = any(events) and created_at <= $3`,
      [partnerId, type, message.occurred_at],
    ),
  );
  let queued = 0;
  for (const { endpoint_id } of endpoints) {
    const added = await queueWebhookEvent(db, {
      endpointId: endpoint_id,
      type,
      data,
      orderingKey: connectionId,
      sourceKey: `event:${message.event_id}`,
    });
    if (added) queued++;
  }
  return queued;
}

/** The events whose connection is looked at: a link, a change of what it shares, a disconnect. */
const NEEDS_CONNECTION: ReadonlySet<string> = new Set([
  'PilotLinked',
  'ExperienceSharingChanged',
  'PilotDisconnected',
]);

/**
 * Which of the connections the batch's consent events name are still there: an erasure
 * deletes them, nothing else does. Locked (for key share) until the caller commits, as a dispatcher
 * settling a notice locks one: the erasure deleting them (for update) either waits for this transaction
 * and then deletes what it queued, or commits first and this finds them gone. All at once, in id order,
 * as the erasure locks a pilot's connections: locked one by one in the events' order, a batch holding a
 * pilot's later connection and the erasure its earlier one would each wait for the other (deadlock).
 */
async function lockConnections(db: Queryable, messages: readonly EventMessage[]): Promise<Set<string>> {
  const named = [
    ...new Set(
      messages
        .filter((m) => NEEDS_CONNECTION.has(m.type))
        .map((m) => (m.payload as { connection_id: string }).connection_id),
    ),
  ];
  if (named.length === 0) return new Set();
  const rows = rowsOf<{ connection_id: string }>(
    await db.query(
      `select connection_id::text as connection_id from connections where connection_id = any($1::uuid[])
        order by connection_id for key share`,
      [named],
    ),
  );
  return new Set(rows.map((r) => r.connection_id));
}

/**
 * The link is read: its notices, if any, are queued in this transaction, and the totals notifier may
 * tell the connection of totals after them (`webhook_link_reads`). The connection is locked (key share):
 * the erasure deleting it deletes this row too.
 */
async function noteLinkRead(db: Queryable, connectionId: string): Promise<void> {
  await db.query(
    'insert into webhook_link_reads (connection_id) values ($1) on conflict (connection_id) do nothing',
    [connectionId],
  );
}

/** The pilot's totals change with its logbook stream at `version` folded in. */
async function noteTotalsChange(db: Queryable, pilotAccountId: string, version: number): Promise<void> {
  await db.query(
    `insert into webhook_totals_changes (pilot_account_id, changed_version)
     select $1, $2 where exists (
       select 1 from connections c join webhook_endpoints e on e.partner_id = c.partner_id
        where c.pilot_account_id = $1 and c.disconnected_at is null and e.status = 'enabled'
          and 'pilot_totals.updated' = any(e.events))
     on conflict (pilot_account_id) do update
       set changed_version = greatest(webhook_totals_changes.changed_version, excluded.changed_version)`,
    [pilotAccountId, version],
  );
}
