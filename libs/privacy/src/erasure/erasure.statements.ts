import { type Queryable } from '@pft/platform/database/queryable';
import { lockPilotTotalsChanges } from './pilot-totals-lock';

/**
 * What an erasure deletes outright, beside the logbook (eraseLogbook in libs/event-store): rows derived
 * from the pilot that other parts of the service keep. Each statement may run again (a resumed erasure).
 */
/**
 * The notices of a link itself (webhook event types): an erasure keeps those still pending, to go out in
 * order, the pilot.linked before the pilot.disconnected. Each is deleted once settled.
 */
const LINK_NOTICES = `('pilot.linked', 'pilot.disconnected')`;

/**
 * A kept path (`i.path`) in lower case, with the percent-encoded octets of the characters a pilot_id is
 * written with (hex digits and `-`) decoded, once, as the partner API's router decodes them: `%61` and
 * `%41` are `a`, `%2D` is `-`. Read left to right in tokens (an escape, a run without `%`, a lone `%`),
 * so that `%2561` (a percent sign, then `61`) is never read as `a`.
 */
const DECODED_PATH = `(select lower(string_agg(case when t[1] ~ '^%(2d|3[0-9]|[46][1-6])$'
                                                   then chr(('x' || substr(t[1], 2))::bit(8)::int)
                                                   else t[1] end, '' order by n))
                          from regexp_matches(lower(i.path), '%[0-9a-f]{2}|[^%]+|%', 'g')
                               with ordinality as m(t, n))`;

export const ERASURE_DELETES = {
  /** Linking codes, used or not: hashes, but of codes the pilot was given. */
  linkingCodes: (db: Queryable, pilot: string) =>
    db.query('delete from linking_codes where pilot_account_id = $1', [pilot]),
  /** What the partner API answered live for the pilot's connections (stream versions). */
  liveAnswers: (db: Queryable, pilot: string) =>
    db.query(
      `delete from live_answers where connection_id in (select connection_id from connections where pilot_account_id = $1)`,
      [pilot],
    ),
  /**
   * Webhook deliveries about the pilot (totals, what it shared), kept or pending, except the notices of
   * its links (pilot.linked, pilot.disconnected): those hold the partner's pilot_id and a time only, and
   * the ones still pending must go out, the link's before the disconnect the erasure itself made, so the
   * partner hears of the end of a link it has heard of (delete-connections deletes those settled).
   * With the pilot's totals changes (webhook_totals_changes): a webhooks intake may be writing one now,
   * having read a connection linked before the disconnects, and it locks nothing of the connections. The
   * pilot's lock of them (lockPilotTotalsChanges, which every writer of them takes) is held until this
   * transaction ends, so a write of them under way commits first and is deleted here, and a write after
   * reads the connections ended and notes nothing; other pilots' are not held up. It comes first,
   * holding nothing else an intake could wait for.
   */
  webhookDeliveries: async (db: Queryable, pilot: string) => {
    await lockPilotTotalsChanges(db, [pilot]);
    await db.query(
      `delete from webhook_deliveries
        where ordering_key in (select connection_id::text from connections where pilot_account_id = $1)
          and type not in ${LINK_NOTICES}`,
      [pilot],
    );
    await db.query('delete from webhook_totals_changes where pilot_account_id = $1', [pilot]);
  },
  /**
   * The partners' stored answers to their requests about the pilot's connections (`Idempotency-Key`,
   * kept 24 hours): the answer to `POST /v1/link` holds the pilot_id, as a path may. Found through the
   * connections, so before they go. The partner API reads a pilot_id in any case (an answer writes it
   * in lower case) and percent-encoded: a path is compared in lower case, and one with an escape also
   * decoded (DECODED_PATH). The partner API keeps a path with the escapes of unreserved characters
   * decoded (normalisedPath), but a path kept before it did, or by a replica not yet updated, is as the
   * partner sent it, for up to 24 hours.
   */
  idempotencyKeys: (db: Queryable, pilot: string) =>
    db.query(
      `delete from idempotency_keys i using connections c
        where c.pilot_account_id = $1 and i.partner_id = c.partner_id
          and (strpos(i.response_data, c.connection_id::text) > 0
               or strpos(lower(i.path), c.connection_id::text) > 0
               or (strpos(i.path, '%') > 0 and strpos(${DECODED_PATH}, c.connection_id::text) > 0))`,
      [pilot],
    ),
  /**
   * The pilot's connections, ended by then: which partners the pilot was linked to, and when; with the
   * links' notices already delivered or failed (those still pending go out, and the dispatcher deletes
   * each once settled, finding its connection gone: deleteErasedPilotNotices). After
   * the steps that find the pilot's kept answers and deliveries through them. A partner API replica's
   * count of reads resolves through them too: one being written holds them (addPartnerReads), so this
   * waits for it, and one written after finds none and is dropped. Locked in id order, as that write
   * locks them, so the two never wait on each other in a circle; a dispatcher settling a notice locks its
   * connection too, before the notice as here (lockLinkNoticeConnections), as does an endpoint's disable
   * or delete failing what is queued, so the notice is deleted here or there, never kept, and neither is
   * aborted as a deadlock.
   */
  connections: async (db: Queryable, pilot: string) => {
    await db.query(
      `select connection_id from connections where pilot_account_id = $1 order by connection_id for update`,
      [pilot],
    );
    // Every delivery through them but the links' notices still to go out: those settled, and any other
    // queued since the deliveries' step (a change of what the pilot shared taken in late by the intake).
    await db.query(
      `delete from webhook_deliveries
        where ordering_key in (select connection_id::text from connections where pilot_account_id = $1)
          and not (type in ${LINK_NOTICES} and status = 'pending')`,
      [pilot],
    );
    await db.query('delete from connections where pilot_account_id = $1', [pilot]);
  },
  /**
   * The projector's records of the pilot's events it could not apply, found by their pilot (the event's,
   * or its message's key when the event could not be read).
   */
  deadLetters: (db: Queryable, pilot: string) =>
    db.query('delete from projection_dead_letters where pilot_account_id = $1', [pilot]),
};
