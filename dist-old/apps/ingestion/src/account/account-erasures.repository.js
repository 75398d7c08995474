"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.AccountErasuresRepository = void 0;
const common_1 = require("@nestjs/common");
const prepared_statement_1 = require("../../../../libs/platform/src/database/prepared-statement.js");
const rows_of_1 = require("../../../../libs/platform/src/database/rows-of.js");
/**
 * The `account_erasures` table: an erasure asked for stays pending until every step is done
 * (`completed_at`); a completed one is kept as the record that it happened, and a later one starts
 * afresh. While one is pending the pilot's other requests answer 410 ACCOUNT_ERASED.
 */
let AccountErasuresRepository = class AccountErasuresRepository {
    async status(runner, pilot) {
        const rows = await (0, prepared_statement_1.queryPrepared)(runner, `select exists (select 1 from account_erasures where pilot_account_id = $1 and completed_at is null) as erasing`, [pilot]);
        return rows[0]?.erasing ? 'erasing' : 'active';
    }
    /** The accounts whose erasure is pending. */
    async pending(runner) {
        const rows = await (0, prepared_statement_1.queryPrepared)(runner, `select pilot_account_id::text as pilot_account_id from account_erasures where completed_at is null`, []);
        return rows.map((r) => r.pilot_account_id);
    }
    /** Asks for the erasure; asking again while one is pending changes nothing. */
    async request(runner, pilot, requestId) {
        await runner.query(`insert into account_erasures (pilot_account_id, request_id) values ($1, $2)
       on conflict (pilot_account_id) do update
         set requested_at = now(), request_id = excluded.request_id, steps_done = '{}', attempts = 0,
             last_error = null, claimed_until = null, completed_at = null
         where account_erasures.completed_at is not null`, [pilot, requestId]);
    }
    /**
     * The oldest pending erasure no worker holds, held by this one for `holdMs` (each ingestion replica
     * works erasures; two never work the same one at once, and one whose worker died is taken over).
     */
    async claim(runner, holdMs) {
        return (0, rows_of_1.rowsOf)(await runner.query(
        // Wrapped in a select: TypeORM answers a bare UPDATE with [rows, count], pg with a result.
        `with claimed as (
           update account_erasures set claimed_until = now() + make_interval(secs => $1::float8 / 1000)
            where pilot_account_id = (
              select pilot_account_id from account_erasures
               where completed_at is null and (claimed_until is null or claimed_until < now())
               order by requested_at limit 1 for update skip locked)
           returning pilot_account_id::text as pilot_account_id, request_id, steps_done, attempts)
         select * from claimed`, [holdMs]))[0];
    }
    async stepDone(runner, pilot, step) {
        await runner.query(`update account_erasures set steps_done = array_append(steps_done, $2)
        where pilot_account_id = $1 and completed_at is null and not ($2 = any(steps_done))`, [pilot, step]);
    }
    async failed(runner, pilot, error) {
        await runner.query(`update account_erasures
          set attempts = attempts + 1, last_error = $2,
              claimed_until = now() + make_interval(secs => least(attempts + 1, 30))
        where pilot_account_id = $1 and completed_at is null`, [pilot, error.slice(0, 500)]);
    }
    async complete(runner, pilot) {
        await runner.query(`update account_erasures set completed_at = now(), last_error = null, claimed_until = null
        where pilot_account_id = $1`, [pilot]);
    }
};
exports.AccountErasuresRepository = AccountErasuresRepository;
exports.AccountErasuresRepository = AccountErasuresRepository = __decorate([
    (0, common_1.Injectable)()
], AccountErasuresRepository);
//# sourceMappingURL=account-erasures.repository.js.map