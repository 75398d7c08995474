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
exports.PilotTotalsBatchDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const pilot_totals_dto_1 = require("../pilot-totals/pilot-totals.dto");
let PilotTotalsBatchDto = class PilotTotalsBatchDto {
    /** Two of three requested pilots: the third is not linked to the caller, so it is left out. */
    static example = {
        pilots: [
            pilot_totals_dto_1.PilotTotalsDto.example,
            {
                pilot_id: '9a1d4e7c-2b5f-4c8e-a3d6-0f7b1e9c5a24',
                last_updated: '2026-11-24T09:20:11.000Z',
                totals: {
                    total_flight_time_minutes: 0,
                    pic_minutes: 0,
                    sic_minutes: 0,
                    dual_minutes: 0,
                    instructor_minutes: 0,
                    cross_country_minutes: 0,
                    night_minutes: 0,
                    ifr_minutes: 0,
                    actual_instrument_minutes: 0,
                    simulated_instrument_minutes: 0,
                    single_engine_minutes: 0,
                    multi_engine_minutes: 0,
                    multi_pilot_minutes: 0,
                    simulator_minutes: 0,
                },
                landings: { total_day: 0, total_night: 0 },
                rating_breakdown: {},
                flight_count: 0,
                last_flight_date: null,
            },
        ],
    };
    pilots;
};
exports.PilotTotalsBatchDto = PilotTotalsBatchDto;
__decorate([
    (0, swagger_1.ApiProperty)({
        type: [pilot_totals_dto_1.PilotTotalsDto],
        description: 'In the order of each id’s first occurrence in `pilot_ids`, each pilot once. Pilots not linked to ' +
            'the calling partner (never linked, disconnected, another partner’s) are left out: compare the ' +
            'requested ids with the returned ones.',
    }),
    __metadata("design:type", Array)
], PilotTotalsBatchDto.prototype, "pilots", void 0);
exports.PilotTotalsBatchDto = PilotTotalsBatchDto = __decorate([
    (0, swagger_1.ApiSchema)({
        name: 'PilotTotalsBatch',
        description: 'The totals of the requested pilots linked to the caller',
    })
], PilotTotalsBatchDto);
//# sourceMappingURL=pilot-totals-batch.dto.js.map