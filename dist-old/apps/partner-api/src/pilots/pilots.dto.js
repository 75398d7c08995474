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
exports.LinkedPilotsDto = exports.LinkedPilotDto = void 0;
const swagger_1 = require("@nestjs/swagger");
let LinkedPilotDto = class LinkedPilotDto {
    pilot_id;
    linked_at;
};
exports.LinkedPilotDto = LinkedPilotDto;
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'uuid', description: 'The pilot’s `pilot_id` for this partner, in lower case' }),
    __metadata("design:type", String)
], LinkedPilotDto.prototype, "pilot_id", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'date-time', description: 'When the pilot’s current connection was made' }),
    __metadata("design:type", String)
], LinkedPilotDto.prototype, "linked_at", void 0);
exports.LinkedPilotDto = LinkedPilotDto = __decorate([
    (0, swagger_1.ApiSchema)({ name: 'LinkedPilot', description: 'A pilot currently linked to the calling partner' })
], LinkedPilotDto);
let LinkedPilotsDto = class LinkedPilotsDto {
    static example = {
        pilots: [
            { pilot_id: '3f6c2b9e-8d41-4a7f-9b2e-5c1d0a7e4f18', linked_at: '2026-11-20T14:03:11.482Z' },
            { pilot_id: '9a1d4e7c-2b5f-4c8e-a3d6-0f7b1e9c5a24', linked_at: '2026-11-21T08:47:55.019Z' },
        ],
        next_cursor: 'cDF8MjAyNi0xMS0yMVQwODo0Nzo1NS4wMTkwMDBafDlhMWQ0ZTdjLTJiNWYtNGM4ZS1hM2Q2LTBmN2IxZTljNWEyNA',
    };
    pilots;
    next_cursor;
};
exports.LinkedPilotsDto = LinkedPilotsDto;
__decorate([
    (0, swagger_1.ApiProperty)({
        type: [LinkedPilotDto],
        description: 'Ordered by `linked_at`, then `pilot_id`. Only pilots linked to the caller now: disconnected pilots ' +
            'and other partners’ pilots are never listed.',
    }),
    __metadata("design:type", Array)
], LinkedPilotsDto.prototype, "pilots", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({
        type: 'string',
        nullable: true,
        description: 'Pass as `cursor` for the next page; `null` on the last page. Opaque: do not build or change it.',
    }),
    __metadata("design:type", Object)
], LinkedPilotsDto.prototype, "next_cursor", void 0);
exports.LinkedPilotsDto = LinkedPilotsDto = __decorate([
    (0, swagger_1.ApiSchema)({
        name: 'LinkedPilots',
        description: 'One page of the calling partner’s currently linked pilots',
    })
], LinkedPilotsDto);
//# sourceMappingURL=pilots.dto.js.map