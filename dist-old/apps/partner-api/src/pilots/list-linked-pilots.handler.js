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
exports.ListLinkedPilotsHandler = void 0;
const cqrs_1 = require("@nestjs/cqrs");
const linked_pilots_reader_1 = require("./linked-pilots.reader");
const pilots_cursor_1 = require("./pilots-cursor");
const list_linked_pilots_query_1 = require("./list-linked-pilots.query");
/**
 * A page of the partner's linked pilots. One row more than the page is read: only when it exists is
 * there a next page, so the last page says so (`next_cursor` null) without a further request.
 */
let ListLinkedPilotsHandler = class ListLinkedPilotsHandler {
    reader;
    constructor(reader) {
        this.reader = reader;
    }
    async execute({ partnerId, limit, after }) {
        const rows = await this.reader.page(partnerId, after, limit + 1);
        const page = rows.slice(0, limit);
        const last = page[page.length - 1];
        return {
            pilots: page.map((row) => ({ pilot_id: row.pilot_id, linked_at: row.linked_at.toISOString() })),
            next_cursor: rows.length > limit && last
                ? (0, pilots_cursor_1.encodePilotsCursor)({ linkedAt: last.linked_at_key, pilotId: last.pilot_id })
                : null,
        };
    }
};
exports.ListLinkedPilotsHandler = ListLinkedPilotsHandler;
exports.ListLinkedPilotsHandler = ListLinkedPilotsHandler = __decorate([
    (0, cqrs_1.QueryHandler)(list_linked_pilots_query_1.ListLinkedPilotsQuery),
    __metadata("design:paramtypes", [linked_pilots_reader_1.LinkedPilotsReader])
], ListLinkedPilotsHandler);
//# sourceMappingURL=list-linked-pilots.handler.js.map