"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.PilotTotalsModule = void 0;
const common_1 = require("@nestjs/common");
const consumer_readiness_1 = require("./consumer-readiness");
const pilot_totals_projector_service_1 = require("./pilot-totals-projector.service");
/**
 * The pilot totals projection: the partner API's totals, folded from the pilot-events topic. Global
 * so that the health module finds its consumer's readiness check.
 */
let PilotTotalsModule = class PilotTotalsModule {
};
exports.PilotTotalsModule = PilotTotalsModule;
exports.PilotTotalsModule = PilotTotalsModule = __decorate([
    (0, common_1.Global)(),
    (0, common_1.Module)({ providers: [pilot_totals_projector_service_1.PilotTotalsProjectorService, consumer_readiness_1.ConsumerReadiness], exports: [consumer_readiness_1.ConsumerReadiness] })
], PilotTotalsModule);
//# sourceMappingURL=pilot-totals.module.js.map