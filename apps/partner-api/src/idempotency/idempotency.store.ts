import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type Queryable, SerializedJson } from '@pft/platform';
import { rowsOf } from '@pft/platform/database/rows-of';
import {
  IDEMPOTENCY_KEY_RETENTION_MS,
  idempotencyInProgress,
  type IdempotencyClaim,
  type RequestFingerprint,
} from './idempotency-key';

/**
 * A claim left in progress this long is taken to belong to a request that will never finish (its
 * replica died): the key may then be claimed again. Far longer than any request is served
 * (statements time out within seconds).
 */
export const ABANDONED_CLAIM_MS = 5 * 60 * 1000;

/** A claim that vanished between the failed insert and the read (released meanwhile) is tried again. */
const CLAIM_ATTEMPTS = 3;

/** Expired keys are deleted at most this often per replica, a bounded number at a time. */
const CLEANUP_EVERY_MS = 60 * 1000;
const CLEANUP_BATCH = 1000;

/** The first answer given under a key. `data` and `error` are JSON text, as stored. */
export interface StoredAnswer {
  status: number;
  data: string | null;
  error: string | null;
}

/** A success answer as it is kept: `data` as JSON text, however the handler gave it. */
export function keptSuccess(status: number, data: unknown): StoredAnswer {
  return { status, data: dataJson(data), error: null };
}

function dataJson(data: unknown): string {
  if (data instanceof SerializedJson) {
    return typeof data.json === 'string' ? data.json : Buffer.concat(data.json).toString('utf8');
  }
  return JSON.stringify(data ?? null);
}

/** What an earlier request under the same key left. */
export type EarlierUse =
  | { state: 'in_progress'; fingerprint: RequestFingerprint }
  | { state: 'completed'; fingerprint: RequestFingerprint; answer: StoredAnswer };

interface KeyRow {
  method: string;
  path: string;
  body_sha256: Buffer;
  completed_at: Date | null;
  response_status: number | null;
  response_data: string | null;
  response_error: string | null;
}

/**
 * The `idempotency_keys` table. A claim is one insert that only one of concurrent requests wins, on any
 * replica; only the claiming request (by its request id) completes or releases it.
 */
@Injectable()
export class IdempotencyStore {
  private readonly logger = new Logger('idempotency');
  private lastCleanup = 0;

  constructor(private readonly dataSource: DataSource) {}

  /**
   * Claims `key` for this request: true when it was free, expired or abandoned. Otherwise the earlier
   * use, or undefined when that vanished meanwhile (released): the caller tries again.
   */
  async claim(
    partnerId: string,
    key: string,
    fingerprint: RequestFingerprint,
    requestId: string,
  ): Promise<{ claimed: true } | { claimed: false; earlier: EarlierUse | undefined }> {
    const claimed = rowsOf(
      await this.dataSource.query(
        `insert into idempotency_keys as k
           (partner_id, idempotency_key, method, path, body_sha256, request_id, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, now(), now() + $7 * interval '1 millisecond')
         on conflict (partner_id, idempotency_key) do update
           set method = excluded.method, path = excluded.path, body_sha256 = excluded.body_sha256,
               request_id = excluded.request_id, created_at = excluded.created_at,
               expires_at = excluded.expires_at, completed_at = null, response_status = null,
               response_data = null, response_error = null
           where k.expires_at <= now()
              or (k.completed_at is null and k.created_at <= now() - $8 * interval '1 millisecond')
         returning 1`,
        [
          partnerId,
          key,
          fingerprint.method,
          fingerprint.path,
          fingerprint.bodySha256,
          requestId,
          IDEMPOTENCY_KEY_RETENTION_MS,
          ABANDONED_CLAIM_MS,
        ],
      ),
    );
    if (claimed.length > 0) {
      this.cleanUpNowAndThen();
      return { claimed: true };
    }
    return { claimed: false, earlier: await this.earlierUse(partnerId, key) };
  }

  /**
   * Claims `key` for this request, or finds its earlier use. A use released between the two is looked
   * for again, a few times, and then answered 409 IDEMPOTENCY_CONFLICT in progress.
   */
  async claimOrFind(
    partnerId: string,
    key: string,
    fingerprint: RequestFingerprint,
    requestId: string,
  ): Promise<{ claimed: true } | { claimed: false; earlier: EarlierUse }> {
    for (let attempt = 1; ; attempt++) {
      const claim = await this.claim(partnerId, key, fingerprint, requestId);
      if (claim.claimed) return claim;
      if (claim.earlier) return { claimed: false, earlier: claim.earlier };
      if (attempt >= CLAIM_ATTEMPTS) throw idempotencyInProgress();
    }
  }

  private async earlierUse(partnerId: string, key: string): Promise<EarlierUse | undefined> {
    const [row] = rowsOf<KeyRow>(
      await this.dataSource.query(
        `select method, path, body_sha256, completed_at, response_status, response_data, response_error
           from idempotency_keys where partner_id = $1 and idempotency_key = $2 and expires_at > now()`,
        [partnerId, key],
      ),
    );
    if (!row) return undefined;
    const fingerprint = { method: row.method, path: row.path, bodySha256: row.body_sha256 };
    if (row.completed_at === null || row.response_status === null)
      return { state: 'in_progress', fingerprint };
    return {
      state: 'completed',
      fingerprint,
      answer: { status: row.response_status, data: row.response_data, error: row.response_error },
    };
  }

  /**
   * Keeps the first answer under the key this request claimed. A failure does not change the answer
   * given (the work, if any, is done and the client is told so): it is logged, and the key stays
   * claimed (409 to a retry) until it is abandoned (ABANDONED_CLAIM_MS).
   */
  async keep(claim: IdempotencyClaim, answer: StoredAnswer): Promise<void> {
    try {
      await completeClaim(this.dataSource, claim, answer);
    } catch (err) {
      this.logger.error(
        { err, reqId: claim.requestId },
        'could not keep the answer of an idempotent request',
      );
    }
  }

  /**
   * Keeps the answer under `claim` in the transaction `tx` of the request's work, so that the answer is
   * kept if and only if the work is: a retry after an answer lost with its commit (503
   * WRITE_OUTCOME_UNKNOWN) then replays it when the work was recorded, and finds the key released (or,
   * while the release waits for the database, in progress) when it was not. Refuses (409 in progress)
   * when the claim is no longer this request's, so the work is rolled back: it then belongs to another.
   */
  async completeWithin(tx: Queryable, claim: IdempotencyClaim, answer: StoredAnswer): Promise<void> {
    if (!(await completeClaim(tx, claim, answer))) throw idempotencyInProgress();
  }

  /**
   * Drops the `secret` from the kept answers that hand out the secret of the partner's object `id` (an
   * endpoint's creation or rotation), in the transaction `tx` that deletes it: a replay then answers as
   * the first time, without the secret, and the secret is kept nowhere.
   */
  async forgetSecretOf(tx: Queryable, partnerId: string, id: string): Promise<void> {
    await tx.query(
      `update idempotency_keys set response_data = (response_data::jsonb - 'secret')::text
        where partner_id = $1 and response_data like '%"secret"%' and response_data::jsonb ->> 'id' = $2`,
      [partnerId, id],
    );
  }

  /** Frees the key this request claimed, when its answer is not kept: the client may try again. */
  async release(partnerId: string, key: string, requestId: string): Promise<void> {
    await this.dataSource.query(
      `delete from idempotency_keys
        where partner_id = $1 and idempotency_key = $2 and request_id = $3 and completed_at is null`,
      [partnerId, key, requestId],
    );
  }

  /** Deletes expired keys, a bounded batch; answers how many. */
  async deleteExpired(limit = CLEANUP_BATCH): Promise<number> {
    const result: unknown = await this.dataSource.query(
      `delete from idempotency_keys where ctid = any(array(
         select ctid from idempotency_keys where expires_at <= now() limit $1))`,
      [limit],
    );
    // TypeORM answers a delete with [rows, affected count].
    const [, deleted] = result as [unknown[], number];
    return deleted;
  }

  /** After a claim, at most once a minute per replica, in the background: no request waits for it. */
  private cleanUpNowAndThen(now = Date.now()): void {
    if (now - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = now;
    this.deleteExpired().catch((err: unknown) =>
      this.logger.warn({ err }, 'could not delete expired idempotency keys'),
    );
  }
}

/** Completes the claim with its answer, once: false when the claim is no longer there unanswered. */
async function completeClaim(db: Queryable, claim: IdempotencyClaim, answer: StoredAnswer): Promise<boolean> {
  const result = await db.query(
    `update idempotency_keys
        set completed_at = now(), response_status = $4, response_data = $5, response_error = $6
      where partner_id = $1 and idempotency_key = $2 and request_id = $3 and completed_at is null
      returning 1`,
    [claim.partnerId, claim.key, claim.requestId, answer.status, answer.data, answer.error],
  );
  // TypeORM answers an update with [rows, affected count].
  const [rows] = result as [unknown[], number];
  return rows.length > 0;
}
