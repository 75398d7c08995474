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
exports.SandboxResetDto = exports.SandboxDisconnectedDto = exports.SandboxFlightDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const EXAMPLE_FLIGHT = {
    flight_id: '0b7c6a52-2a55-4d1c-9d59-5f1fb1e0c0a1',
    date: '2026-05-01',
    kind: 'flight',
    aircraft: { category: 'airplane', rating_key: 'sep_land', registration: 'D-EABC' },
    departure: 'EDDF',
    arrival: 'EDFE',
    minutes: {
        total_flight_time: 95,
        pic: 95,
        sic: 0,
        dual: 0,
        instructor: 0,
        cross_country: 95,
        night: 0,
        actual_instrument: 10,
        simulated_instrument: 0,
        single_engine: 95,
        multi_engine: 0,
        multi_pilot: 0,
        simulator: 0,
    },
    landings: { day: 1, night: 0 },
};
let SandboxFlightDto = class SandboxFlightDto {
    static example = EXAMPLE_FLIGHT;
    flight_id;
    date;
    kind;
    aircraft;
    departure;
    arrival;
    minutes;
    landings;
    remarks;
};
exports.SandboxFlightDto = SandboxFlightDto;
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'uuid' }),
    __metadata("design:type", String)
], SandboxFlightDto.prototype, "flight_id", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'date', description: '`YYYY-MM-DD`, UTC' }),
    __metadata("design:type", String)
], SandboxFlightDto.prototype, "date", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ enum: ['flight', 'simulator'] }),
    __metadata("design:type", String)
], SandboxFlightDto.prototype, "kind", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({
        type: 'object',
        additionalProperties: false,
        required: ['category'],
        properties: {
            category: { type: 'string', enum: ['airplane', 'helicopter', 'sailplane', 'other'] },
            rating_key: { type: 'string' },
            registration: { type: 'string', maxLength: 10 },
        },
    }),
    __metadata("design:type", Object)
], SandboxFlightDto.prototype, "aircraft", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ required: false, pattern: '^[A-Za-z0-9]{3,4}$' }),
    __metadata("design:type", String)
], SandboxFlightDto.prototype, "departure", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ required: false, pattern: '^[A-Za-z0-9]{3,4}$' }),
    __metadata("design:type", String)
], SandboxFlightDto.prototype, "arrival", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({
        type: 'object',
        description: 'Whole minutes by field, 0 to 1440 each; `ifr` is derived, not sent',
        additionalProperties: { type: 'integer', minimum: 0, maximum: 1440 },
    }),
    __metadata("design:type", Object)
], SandboxFlightDto.prototype, "minutes", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({
        type: 'object',
        additionalProperties: false,
        properties: {
            day: { type: 'integer', minimum: 0, maximum: 99 },
            night: { type: 'integer', minimum: 0, maximum: 99 },
        },
    }),
    __metadata("design:type", Object)
], SandboxFlightDto.prototype, "landings", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ required: false, maxLength: 500 }),
    __metadata("design:type", String)
], SandboxFlightDto.prototype, "remarks", void 0);
exports.SandboxFlightDto = SandboxFlightDto = __decorate([
    (0, swagger_1.ApiSchema)({
        name: 'SandboxFlight',
        description: 'A flight exactly as the pilot app API takes it (`POST /pilot/v1/flights`, its rules in the pilot app ' +
            'API’s description): `flight_id` chosen by you, `date` not after tomorrow, minutes from 0 to 1440 with ' +
            'missing ones 0, `rating_key` a catalog key for airplanes and absent otherwise. Unknown fields, wrong ' +
            'types and values out of range: 400 INVALID_REQUEST with a detail per problem.',
    })
], SandboxFlightDto);
let SandboxDisconnectedDto = class SandboxDisconnectedDto {
    static example = {
        pilot_id: '3f6c2b9e-8d41-4a7f-9b2e-5c1d0a7e4f18',
        disconnected_at: '2026-05-01T12:00:00.000Z',
    };
    pilot_id;
    disconnected_at;
};
exports.SandboxDisconnectedDto = SandboxDisconnectedDto;
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'uuid', description: 'No longer resolves from now on' }),
    __metadata("design:type", String)
], SandboxDisconnectedDto.prototype, "pilot_id", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'date-time' }),
    __metadata("design:type", String)
], SandboxDisconnectedDto.prototype, "disconnected_at", void 0);
exports.SandboxDisconnectedDto = SandboxDisconnectedDto = __decorate([
    (0, swagger_1.ApiSchema)({ name: 'SandboxDisconnected', description: 'The fixture pilot disconnected from your sandbox' })
], SandboxDisconnectedDto);
let SandboxResetDto = class SandboxResetDto {
    static example = {
        pilot_id: '3f6c2b9e-8d41-4a7f-9b2e-5c1d0a7e4f18',
        fixture: 'PFT-TEST-0000-0000-0001',
    };
    pilot_id;
    fixture;
};
exports.SandboxResetDto = SandboxResetDto;
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'uuid', description: 'Unchanged by a reset' }),
    __metadata("design:type", String)
], SandboxResetDto.prototype, "pilot_id", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'The sandbox linking code of the fixture' }),
    __metadata("design:type", String)
], SandboxResetDto.prototype, "fixture", void 0);
exports.SandboxResetDto = SandboxResetDto = __decorate([
    (0, swagger_1.ApiSchema)({ name: 'SandboxReset', description: 'The fixture pilot is back to its fixture' })
], SandboxResetDto);
//# sourceMappingURL=sandbox.dto.js.map