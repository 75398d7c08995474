"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.ConsentRepository = void 0;
const common_1 = require("@nestjs/common");
const access_1 = require("../../../../libs/access/src/index.js");
const rows_of_1 = require("../../../../libs/platform/src/database/rows-of.js");
/**
 * The `linking_codes` and `connections` tables as the pilot app changes them: consent commands are
 * decided on them and they change in the same transaction as the consent events.
 */
let ConsentRepository = class ConsentRepository {
    async openLinkingCodes(runner, pilot, now) {
        const [open] = (0, rows_of_1.rowsOf)(await runner.query(`select count(*)::int as count, min(expires_at) as first_expiry from linking_codes
          where pilot_account_id = $1 and used_at is null and expires_at > $2`, [pilot, now]));
        return open ?? { count: 0, first_expiry: null };
    }
    async saveLinkingCode(runner, codeHash, pilot, issuedAt, expiresAt) {
        await runner.query(`insert into linking_codes (code_hash, pilot_account_id, issued_at, expires_at) values ($1, $2, $3, $4)`, [codeHash, pilot, issuedAt, expiresAt]);
    }
    /** The connection, locked until the transaction ends. */
    async connectionForUpdate(runner, connectionId) {
        const rows = (0, rows_of_1.rowsOf)(await runner.query(`select connection_id::text as connection_id, partner_id::text as partner_id,
                pilot_account_id::text as pilot_account_id, disconnected_at
           from connections where connection_id = $1 for update`, [connectionId]));
        return rows[0];
    }
    disconnect(runner, connectionId, at) {
        return (0, access_1.endConnection)(runner, connectionId, at);
    }
    /** The pilot's active connections, oldest first, with each partner's name. */
    async activeConnections(runner, pilot) {
        return (0, rows_of_1.rowsOf)(await runner.query(`select c.connection_id::text as connection_id, p.partner_id::text as partner_id, p.name, c.linked_at
           from connections c join partners p on p.partner_id = c.partner_id
          where c.pilot_account_id = $1 and c.disconnected_at is null
          order by c.linked_at, c.connection_id`, [pilot]));
    }
};
exports.ConsentRepository = ConsentRepository;
exports.ConsentRepository = ConsentRepository = __decorate([
    (0, common_1.Injectable)()
], ConsentRepository);
//# sourceMappingURL=consent.repository.js.map