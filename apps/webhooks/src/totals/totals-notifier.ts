import { queueWebhookEvent } from '@pft/webhooks';
import { tryLockPilotTotalsChanges } from '@pft/privacy';
import { type Queryable } from '@pft/platform/database/queryable';
import { rowsOf } from '@pft/platform/database/rows-of';
import { type DataSource } from 'typeorm';

/**
 * Whether a totals notice to endpoint `e` about connection `c` waits for the link's `pilot.linked`: the
 * endpoint takes it and was there at the link, the intake has not read the link yet
 * (`webhook_link_reads`: whatever it queued of it is committed then, to this endpoint or, disabled then,
 * to none), and the link is younger than LINK_NOTICE_WAIT_MS (`waitMs`, the safety net).
 */
const waitsForLink = (waitMs: string): string => `
  'pilot.linked' = any(e.events) and e.created_at <= c.linked_at
  and not exists (select 1 from webhook_link_reads r where r.connection_id = c.connection_id)
  and c.linked_at > now() - ${waitMs} * interval '1 millisecond'`;

/** The pilot's current connections and the endpoints to tell them of totals (`e`, `c`). */
const TARGETS = `
  connections c join webhook_endpoints e on e.partner_id = c.partner_id
  where c.disconnected_at is null and e.status = 'enabled' and 'pilot_totals.updated' = any(e.events)`;

/**
 * Pilots whose totals changed and are due a `pilot_totals.updated`: the projection partners read
 * (`pilot_totals_active`) has folded the change in, and the last notice is older than the coalescing
 * window. `last_updated` is that view's, what a partner's read answers from now on. A pilot whose
 * notice waits for a link's is left out: it would take the place of one due for as long as it waits.
 */
const DUE_SQL = `
  select t.pilot_account_id, t.changed_version, v.last_updated
    from webhook_totals_changes t join pilot_totals_active v using (pilot_account_id)
   where t.changed_version > t.notified_version and v.stream_version >= t.changed_version
     and (t.notified_at is null or t.notified_at <= now() - $1 * interval '1 millisecond')
     and not exists (select 1 from ${TARGETS} and c.pilot_account_id = t.pilot_account_id and ${waitsForLink('$3')})
   limit $2`;

interface DueRow {
  pilot_account_id: string;
  changed_version: number;
  last_updated: Date;
}

/**
 * How long, at most, a totals notice waits for the intake to read the link of a connection just made
 * (`webhook_link_reads`, written as the link's `pilot.linked` notices are queued). Only a safety net:
 * a link the intake cannot read (skipped as undecodable), or read by a dispatcher of the version before
 * (a rolling upgrade, a link made just before the migration), is never marked, and without it the
 * pilot's totals notices to every partner would wait for ever. An intake lagging behind by more than
 * this may let a totals notice go before the link's.
 */
export const LINK_NOTICE_WAIT_MS = 300_000;

/**
 * Queues `pilot_totals.updated` for every pilot due one (see DUE_SQL), one transaction per pilot: to
 * each enabled endpoint that takes it of each partner the pilot is linked to now, with that partner's
 * `pilot_id`, after that connection's `pilot.linked` (partner platform 4.4: in order per endpoint and
 * pilot). While the intake is yet to read a connection's link the pilot is left due, and tried again on
 * the next look. Returns the number of pilots told of.
 */
export async function notifyTotalsChanges(db: DataSource, coalesceMs: number, limit = 200): Promise<number> {
  const due = rowsOf<DueRow>(await db.query(DUE_SQL, [coalesceMs, limit, LINK_NOTICE_WAIT_MS]));
  let told = 0;
  for (const row of due) {
    const done = await db.transaction(async (tx) => {
      // The pilot's lock of its totals changes, as their every writer takes it (an erasure deleting them,
      // the intake noting one, another dispatcher telling of it): left to the next look when held.
      if (!(await tryLockPilotTotalsChanges(tx, row.pilot_account_id))) return false;
      // Another dispatcher may have told of it meanwhile: read again under the lock.
      const [locked] = rowsOf<{ notified_version: number }>(
        await tx.query(`select notified_version from webhook_totals_changes where pilot_account_id = $1`, [
          row.pilot_account_id,
        ]),
      );
      if (!locked || locked.notified_version >= row.changed_version) return false;
      const targets = await linkedTargets(tx, row.pilot_account_id);
      if (targets.some((target) => !target.link_told)) return false;
      await queueFor(tx, row, targets);
      await tx.query(
        `update webhook_totals_changes set notified_version = $2, notified_at = now() where pilot_account_id = $1`,
        [row.pilot_account_id, row.changed_version],
      );
      return true;
    });
    if (done) told++;
  }
  return told;
}

interface Target {
  endpoint_id: string;
  connection_id: string;
  /** The connection's `pilot.linked` is queued for the endpoint, or none is to come. */
  link_told: boolean;
}

/**
 * Each enabled endpoint that takes `pilot_totals.updated` of each partner the pilot is linked to now,
 * with the connection; its link is told unless the notice waits for it (waitsForLink). Checked again
 * under the pilot's lock: the due pilots were read before it. An erasure's deliveries step, which
 * comes after its disconnects, waits for this transaction (the pilot's lock of its totals changes) and
 * then deletes what it queued.
 */
async function linkedTargets(db: Queryable, pilotAccountId: string): Promise<Target[]> {
  return rowsOf<Target>(
    await db.query(
      `select e.endpoint_id, c.connection_id::text as connection_id, not (${waitsForLink('$2')}) as link_told
         from ${TARGETS} and c.pilot_account_id = $1`,
      [pilotAccountId, LINK_NOTICE_WAIT_MS],
    ),
  );
}

async function queueFor(db: Queryable, row: DueRow, targets: readonly Target[]): Promise<void> {
  for (const target of targets) {
    await queueWebhookEvent(db, {
      endpointId: target.endpoint_id,
      type: 'pilot_totals.updated',
      data: { pilot_id: target.connection_id, last_updated: row.last_updated.toISOString() },
      orderingKey: target.connection_id,
      sourceKey: `totals:${row.pilot_account_id}:${row.changed_version}`,
    });
  }
}
