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
exports.HealthController = void 0;
const common_1 = require("@nestjs/common");
const api_error_1 = require("../http/api-error");
const dependency_probes_1 = require("./dependency-probes");
const readiness_1 = require("./readiness");
let HealthController = class HealthController {
    probes;
    constructor(probes) {
        this.probes = probes;
    }
    /**
     * The process is up and its event loop turns; says nothing of its dependencies. Names the Node.js
     * release it runs on, so an operator sees a runtime that is not the one the project supports.
     */
    live() {
        return { status: 'live', node: process.version };
    }
    /**
     * Whether to send this app traffic: 200 while it can answer correctly, `degraded` when a dependency
     * it can do without is away; 503 naming every dependency that is down when one it needs is.
     */
    async ready() {
        const readiness = (0, readiness_1.assessReadiness)(await this.probes.probe());
        if (readiness.status === 'not_ready') {
            throw new api_error_1.ApiError('SERVICE_UNAVAILABLE', `Not ready: ${readiness.missing.join(', ')} unavailable`, readiness.down.map((name) => ({ field: name, issue: 'unavailable' })), { 'Retry-After': '5' });
        }
        return { status: readiness.status, checks: readiness.checks };
    }
};
exports.HealthController = HealthController;
__decorate([
    (0, common_1.Get)('live'),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", []),
    __metadata("design:returntype", Object)
], HealthController.prototype, "live", null);
__decorate([
    (0, common_1.Get)('ready'),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", []),
    __metadata("design:returntype", Promise)
], HealthController.prototype, "ready", null);
exports.HealthController = HealthController = __decorate([
    (0, common_1.Controller)('health'),
    __metadata("design:paramtypes", [dependency_probes_1.DependencyProbes])
], HealthController);
//# sourceMappingURL=health.controller.js.map