"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.ConsentModule = void 0;
const common_1 = require("@nestjs/common");
const command_pipeline_provider_1 = require("../command-pipeline.provider");
const consent_repository_1 = require("./consent.repository");
const disconnect_controller_1 = require("./disconnect/disconnect.controller");
const disconnect_handler_1 = require("./disconnect/disconnect.handler");
const issue_linking_code_controller_1 = require("./issue-linking-code/issue-linking-code.controller");
const issue_linking_code_handler_1 = require("./issue-linking-code/issue-linking-code.handler");
const list_connections_controller_1 = require("./list-connections/list-connections.controller");
const list_connections_handler_1 = require("./list-connections/list-connections.handler");
/** Linking codes and connections: what a pilot consents to. */
let ConsentModule = class ConsentModule {
};
exports.ConsentModule = ConsentModule;
exports.ConsentModule = ConsentModule = __decorate([
    (0, common_1.Module)({
        controllers: [issue_linking_code_controller_1.IssueLinkingCodeController, list_connections_controller_1.ListConnectionsController, disconnect_controller_1.DisconnectController],
        providers: [
            command_pipeline_provider_1.commandPipelineProvider,
            consent_repository_1.ConsentRepository,
            issue_linking_code_handler_1.IssueLinkingCodeHandler,
            list_connections_handler_1.ListConnectionsHandler,
            disconnect_handler_1.DisconnectHandler,
        ],
        exports: [consent_repository_1.ConsentRepository],
    })
], ConsentModule);
//# sourceMappingURL=consent.module.js.map