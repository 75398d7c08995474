import { Injectable } from '@nestjs/common';
import { type Queryable } from '@pft/platform';
import { queryPrepared } from '@pft/platform/database/prepared-statement';
import { rowsOf } from '@pft/platform/database/rows-of';

export type AccountStatus = 'active' | 'erasing';

export interface PendingErasure {
  pilot_account_id: string;
  /**
   * When this erasure was asked for, to the microsecond, in UTC (`2026-05-01T09:30:00.123456Z`, whatever
   * the session's DateStyle and time zone): which erasure of the account it is. A worker's steps count
   * only while that one is still pending (ErasureSuperseded), compared as a time, not as text.
   */
  requested_at: string;
  request_id: string | null;
  steps_done: string[];
  attempts: number;
}

/**
 * The erasure a worker was working is no longer pending as it claimed it: another worker completed it
 * while this one was held up past its hold (the account may have started again since, or a new erasure
 * been asked for). What the step did in its transaction is rolled back, and the worker leaves it.
 */
export class ErasureSuperseded extends Error {
  constructor(pilot: string) {
    super(`the erasure of account ${pilot} was completed by another worker`);
  }
}

/** The row of the erasure asked for at `requestedAt`, while it is pending. */
const STILL_PENDING = `pilot_account_id = $1 and requested_at = $2::timestamptz and completed_at is null`;

/**
 * `requested_at` as an ISO 8601 time in UTC, to the microsecond: read back the same (`$2::timestamptz`)
 * by any session. Its text form would not be: it follows the session's DateStyle and time zone, and one
 * such form does not name its instant (`IST` written for India reads back as Israel's).
 */
const REQUESTED_AT = `to_char(requested_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The `account_erasures` table: an erasure asked for stays pending until every step is done
 * (`completed_at`); a completed one is kept as its tombstone (the account id and two times: complete),
 * and a later one starts afresh. While one is pending the pilot's other requests answer 410 ACCOUNT_ERASED.
 */
@Injectable()
export class AccountErasuresRepository {
  async status(runner: Queryable, pilot: string): Promise<AccountStatus> {
    const rows = await queryPrepared<{ erasing: boolean }>(
      runner,
      `select exists (select 1 from account_erasures where pilot_account_id = $1 and completed_at is null) as erasing`,
      [pilot],
    );
    return rows[0]?.erasing ? 'erasing' : 'active';
  }

  /** The accounts whose erasure is pending. */
  async pending(runner: Queryable): Promise<string[]> {
    const rows = await queryPrepared<{ pilot_account_id: string }>(
      runner,
      `select pilot_account_id::text as pilot_account_id from account_erasures where completed_at is null`,
      [],
    );
    return rows.map((r) => r.pilot_account_id);
  }

  /** Asks for the erasure; asking again while one is pending changes nothing. */
  async request(runner: Queryable, pilot: string, requestId: string): Promise<void> {
    await runner.query(
      `insert into account_erasures (pilot_account_id, request_id) values ($1, $2)
       on conflict (pilot_account_id) do update
         set requested_at = now(), request_id = excluded.request_id, steps_done = '{}', attempts = 0,
             last_error = null, claimed_until = null, completed_at = null
         where account_erasures.completed_at is not null`,
      [pilot, requestId],
    );
  }

  /**
   * The oldest pending erasure no worker holds, held by this one for `holdMs` (each ingestion replica
   * works erasures; two never work the same one at once, and one whose worker died is taken over).
   */
  async claim(runner: Queryable, holdMs: number): Promise<PendingErasure | undefined> {
    return rowsOf<PendingErasure>(
      await runner.query(
        // Wrapped in a select: TypeORM answers a bare UPDATE with [rows, count], pg with a result.
        `with claimed as (
           update account_erasures set claimed_until = now() + make_interval(secs => $1::float8 / 1000)
            where pilot_account_id = (
              select pilot_account_id from account_erasures
               where completed_at is null and (claimed_until is null or claimed_until < now())
               order by requested_at limit 1 for update skip locked)
           returning pilot_account_id::text as pilot_account_id, ${REQUESTED_AT} as requested_at, request_id,
                     steps_done, attempts)
         select * from claimed`,
        [holdMs],
      ),
    )[0];
  }

  /**
   * Holds the erasure asked for at `requestedAt` for `holdMs` more, from now, while it is pending: what
   * its worker does while its steps run, so that no other takes it over while it is alive, however slow
   * a step is. False when it is no longer pending (completed by another worker).
   */
  async renewHold(runner: Queryable, pilot: string, requestedAt: string, holdMs: number): Promise<boolean> {
    const renewed = rowsOf(
      await runner.query(
        `with renewed as (
           update account_erasures set claimed_until = now() + make_interval(secs => $3::float8 / 1000)
            where ${STILL_PENDING}
           returning 1)
         select * from renewed`,
        [pilot, requestedAt, holdMs],
      ),
    );
    return renewed.length > 0;
  }

  /**
   * Records `step` done, in the step's transaction `runner`, while the erasure asked for at `requestedAt`
   * is pending; ErasureSuperseded otherwise, which rolls the step back.
   */
  async stepDone(runner: Queryable, pilot: string, requestedAt: string, step: string): Promise<void> {
    const done = rowsOf(
      await runner.query(
        `with done as (
           update account_erasures
              set steps_done = case when $3 = any(steps_done) then steps_done else array_append(steps_done, $3) end
            where ${STILL_PENDING}
           returning 1)
         select * from done`,
        [pilot, requestedAt, step],
      ),
    );
    if (done.length === 0) throw new ErasureSuperseded(pilot);
  }

  /**
   * The pilot's connections still active, while the erasure asked for at `requestedAt` is pending (none
   * once it completed: those of an account started again are not this erasure's to end).
   */
  async connectionsToEnd(runner: Queryable, pilot: string, requestedAt: string): Promise<string[]> {
    const rows = rowsOf<{ connection_id: string }>(
      await runner.query(
        `select c.connection_id::text as connection_id from connections c
          where c.pilot_account_id = $1 and c.disconnected_at is null
            and exists (select 1 from account_erasures where ${STILL_PENDING})
          order by c.linked_at, c.connection_id`,
        [pilot, requestedAt],
      ),
    );
    return rows.map((r) => r.connection_id);
  }

  async failed(runner: Queryable, pilot: string, requestedAt: string, error: string): Promise<void> {
    await runner.query(
      `update account_erasures
          set attempts = attempts + 1, last_error = $3,
              claimed_until = now() + make_interval(secs => least(attempts + 1, 30))
        where ${STILL_PENDING}`,
      [pilot, requestedAt, error.slice(0, 500)],
    );
  }

  /**
   * Completes the erasure, keeping its tombstone only: the account id and when the erasure was asked for
   * and done. The request id (which names the pilot's request in the logs), the steps, the attempts and
   * the last error go. ErasureSuperseded when another worker completed it first.
   */
  async complete(runner: Queryable, pilot: string, requestedAt: string): Promise<void> {
    const completed = rowsOf(
      await runner.query(
        `with completed as (
           update account_erasures
              set completed_at = now(), request_id = null, steps_done = '{}', attempts = 0, last_error = null,
                  claimed_until = null
            where ${STILL_PENDING}
           returning 1)
         select * from completed`,
        [pilot, requestedAt],
      ),
    );
    if (completed.length === 0) throw new ErasureSuperseded(pilot);
  }
}
