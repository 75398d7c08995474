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
exports.PilotTotalsDto = exports.LandingsDto = exports.TotalsDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const minutes = (description) => ({
    type: 'integer',
    minimum: 0,
    description: `${description}, in minutes`,
});
let TotalsDto = class TotalsDto {
    total_flight_time_minutes;
    pic_minutes;
    sic_minutes;
    dual_minutes;
    instructor_minutes;
    cross_country_minutes;
    night_minutes;
    ifr_minutes;
    actual_instrument_minutes;
    simulated_instrument_minutes;
    single_engine_minutes;
    multi_engine_minutes;
    multi_pilot_minutes;
    simulator_minutes;
};
exports.TotalsDto = TotalsDto;
__decorate([
    (0, swagger_1.ApiProperty)(minutes('Total flight time')),
    __metadata("design:type", Number)
], TotalsDto.prototype, "total_flight_time_minutes", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(minutes('Pilot in command')),
    __metadata("design:type", Number)
], TotalsDto.prototype, "pic_minutes", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(minutes('Second in command')),
    __metadata("design:type", Number)
], TotalsDto.prototype, "sic_minutes", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(minutes('Dual instruction received')),
    __metadata("design:type", Number)
], TotalsDto.prototype, "dual_minutes", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(minutes('Time as flight instructor')),
    __metadata("design:type", Number)
], TotalsDto.prototype, "instructor_minutes", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(minutes('Cross-country')),
    __metadata("design:type", Number)
], TotalsDto.prototype, "cross_country_minutes", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(minutes('Night')),
    __metadata("design:type", Number)
], TotalsDto.prototype, "night_minutes", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(minutes('Total IFR (actual + simulated)')),
    __metadata("design:type", Number)
], TotalsDto.prototype, "ifr_minutes", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(minutes('Actual instrument conditions')),
    __metadata("design:type", Number)
], TotalsDto.prototype, "actual_instrument_minutes", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(minutes('Simulated instrument (hood/foggles)')),
    __metadata("design:type", Number)
], TotalsDto.prototype, "simulated_instrument_minutes", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(minutes('Single-engine aircraft')),
    __metadata("design:type", Number)
], TotalsDto.prototype, "single_engine_minutes", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(minutes('Multi-engine aircraft')),
    __metadata("design:type", Number)
], TotalsDto.prototype, "multi_engine_minutes", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(minutes('Multi-pilot operations')),
    __metadata("design:type", Number)
], TotalsDto.prototype, "multi_pilot_minutes", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(minutes('Flight simulator / training device')),
    __metadata("design:type", Number)
], TotalsDto.prototype, "simulator_minutes", void 0);
exports.TotalsDto = TotalsDto = __decorate([
    (0, swagger_1.ApiSchema)({ name: 'Totals', description: 'Cumulative flight time, flights and starting totals combined' })
], TotalsDto);
let LandingsDto = class LandingsDto {
    total_day;
    total_night;
};
exports.LandingsDto = LandingsDto;
__decorate([
    (0, swagger_1.ApiProperty)({ type: 'integer', minimum: 0, description: 'Total day landings' }),
    __metadata("design:type", Number)
], LandingsDto.prototype, "total_day", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: 'integer', minimum: 0, description: 'Total night landings' }),
    __metadata("design:type", Number)
], LandingsDto.prototype, "total_night", void 0);
exports.LandingsDto = LandingsDto = __decorate([
    (0, swagger_1.ApiSchema)({ name: 'Landings', description: 'Cumulative landings' })
], LandingsDto);
let PilotTotalsDto = class PilotTotalsDto {
    static example = {
        pilot_id: '3f6c2b9e-8d41-4a7f-9b2e-5c1d0a7e4f18',
        last_updated: '2026-11-24T09:18:42.000Z',
        totals: {
            total_flight_time_minutes: 17400,
            pic_minutes: 11280,
            sic_minutes: 4200,
            dual_minutes: 1920,
            instructor_minutes: 0,
            cross_country_minutes: 13650,
            night_minutes: 2110,
            ifr_minutes: 3900,
            actual_instrument_minutes: 2700,
            simulated_instrument_minutes: 1200,
            single_engine_minutes: 5400,
            multi_engine_minutes: 12000,
            multi_pilot_minutes: 12000,
            simulator_minutes: 960,
        },
        landings: { total_day: 1184, total_night: 97 },
        rating_breakdown: { sep_land: 5400, type_a320: 12000 },
        flight_count: 1262,
        last_flight_date: '2026-11-20T00:00:00.000Z',
    };
    pilot_id;
    last_updated;
    totals;
    landings;
    rating_breakdown;
    flight_count;
    last_flight_date;
};
exports.PilotTotalsDto = PilotTotalsDto;
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'uuid', description: 'The linked pilot, in lower case' }),
    __metadata("design:type", String)
], PilotTotalsDto.prototype, "pilot_id", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({
        format: 'date-time',
        description: 'The time up to which this pilot’s projection was known to be complete; never claims more ' +
            'freshness than the data has. At most 5 minutes old with the pipeline healthy; the current time ' +
            'for a linked pilot with nothing recorded yet.',
    }),
    __metadata("design:type", String)
], PilotTotalsDto.prototype, "last_updated", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: TotalsDto }),
    __metadata("design:type", TotalsDto)
], PilotTotalsDto.prototype, "totals", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: LandingsDto }),
    __metadata("design:type", LandingsDto)
], PilotTotalsDto.prototype, "landings", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({
        type: 'object',
        additionalProperties: { type: 'integer', minimum: 1 },
        description: 'Airplane flight minutes per rating key (class keys such as `sep_land`, type keys `type_<designator>`), ' +
            'flights and starting totals combined. Keys with zero minutes are left out; `{}` without airplane ' +
            'hours. Helicopter, sailplane and other categories count only in the top-level totals. Clients must ' +
            'tolerate new keys.',
        example: { sep_land: 5400, type_a320: 12000 },
    }),
    __metadata("design:type", Object)
], PilotTotalsDto.prototype, "rating_breakdown", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: 'integer', minimum: 0, description: 'Total number of flights' }),
    __metadata("design:type", Number)
], PilotTotalsDto.prototype, "flight_count", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({
        type: 'string',
        nullable: true,
        example: '2026-11-20T00:00:00.000Z',
        description: 'Date of the most recent flight, at midnight UTC; `null` without flights on record.',
    }),
    __metadata("design:type", Object)
], PilotTotalsDto.prototype, "last_flight_date", void 0);
exports.PilotTotalsDto = PilotTotalsDto = __decorate([
    (0, swagger_1.ApiSchema)({ name: 'PilotTotals', description: 'One linked pilot’s cumulative totals' })
], PilotTotalsDto);
//# sourceMappingURL=pilot-totals.dto.js.map