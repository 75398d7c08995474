"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.WebhookEndpointsModule = void 0;
const common_1 = require("@nestjs/common");
const access_module_1 = require("../auth/access.module");
const webhook_deliveries_controller_1 = require("./webhook-deliveries.controller");
const webhook_endpoints_controller_1 = require("./webhook-endpoints.controller");
/** `/v1/webhook-endpoints`: a partner's webhook endpoints, their test events and delivery log. */
let WebhookEndpointsModule = class WebhookEndpointsModule {
};
exports.WebhookEndpointsModule = WebhookEndpointsModule;
exports.WebhookEndpointsModule = WebhookEndpointsModule = __decorate([
    (0, common_1.Module)({
        imports: [access_module_1.AccessModule],
        controllers: [webhook_endpoints_controller_1.WebhookEndpointsController, webhook_deliveries_controller_1.WebhookDeliveriesController],
    })
], WebhookEndpointsModule);
//# sourceMappingURL=webhook-endpoints.module.js.map