"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.LinkedPilotsReader = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const rows_of_1 = require("../../../../libs/platform/src/database/rows-of.js");
const COLUMNS = `connection_id::text as pilot_id, linked_at,
  to_char(linked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as linked_at_key`;
/**
 * A partner's active connections, read from `connections` as the totals reads resolve a `pilot_id`
 * (the connection id, owned by the partner, not disconnected), by the index on (partner_id, linked_at,
 * connection_id) of active connections.
 */
let LinkedPilotsReader = class LinkedPilotsReader {
    dataSource;
    constructor(dataSource) {
        this.dataSource = dataSource;
    }
    /** Up to `count` pilots strictly after `after` (from the start when null), in key order. */
    async page(partnerId, after, count) {
        const rows = after === null
            ? await this.dataSource.query(`select ${COLUMNS} from connections
              where partner_id = $1 and disconnected_at is null
              order by linked_at, connection_id limit $2`, [partnerId, count])
            : await this.dataSource.query(`select ${COLUMNS} from connections
              where partner_id = $1 and disconnected_at is null
                and (linked_at, connection_id) > ($2::timestamptz, $3::uuid)
              order by linked_at, connection_id limit $4`, [partnerId, after.linkedAt, after.pilotId, count]);
        return (0, rows_of_1.rowsOf)(rows);
    }
};
exports.LinkedPilotsReader = LinkedPilotsReader;
exports.LinkedPilotsReader = LinkedPilotsReader = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [typeorm_1.DataSource])
], LinkedPilotsReader);
//# sourceMappingURL=linked-pilots.reader.js.map