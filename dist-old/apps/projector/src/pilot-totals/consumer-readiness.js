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
exports.ConsumerReadiness = void 0;
const common_1 = require("@nestjs/common");
const pilot_totals_projector_service_1 = require("./pilot-totals-projector.service");
/**
 * The projector's own dependency: its consumer, in its group and fetching. Kafka answering is not
 * enough (the consumer may still be joining, or starting again after an error), and projecting is
 * the projector's only work.
 */
let ConsumerReadiness = class ConsumerReadiness {
    projector;
    name = 'consumer';
    constructor(projector) {
        this.projector = projector;
    }
    check() {
        return this.projector.consuming
            ? Promise.resolve()
            : Promise.reject(new Error('the pilot totals consumer has not joined its group'));
    }
};
exports.ConsumerReadiness = ConsumerReadiness;
exports.ConsumerReadiness = ConsumerReadiness = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [pilot_totals_projector_service_1.PilotTotalsProjectorService])
], ConsumerReadiness);
//# sourceMappingURL=consumer-readiness.js.map