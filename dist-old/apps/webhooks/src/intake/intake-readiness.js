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
exports.IntakeReadiness = void 0;
const common_1 = require("@nestjs/common");
const pilot_events_intake_service_1 = require("./pilot-events-intake.service");
/** The dispatcher's consumer, in its group: without it no new event reaches partners. */
let IntakeReadiness = class IntakeReadiness {
    intake;
    name = 'consumer';
    constructor(intake) {
        this.intake = intake;
    }
    check() {
        return this.intake.consuming
            ? Promise.resolve()
            : Promise.reject(new Error('the webhook consumer has not joined its group'));
    }
};
exports.IntakeReadiness = IntakeReadiness;
exports.IntakeReadiness = IntakeReadiness = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [pilot_events_intake_service_1.PilotEventsIntakeService])
], IntakeReadiness);
//# sourceMappingURL=intake-readiness.js.map