"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var ConfigModule_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.ConfigModule = void 0;
const common_1 = require("@nestjs/common");
const app_config_1 = require("./app-config");
const load_config_1 = require("./load-config");
/** Provides the validated `AppConfig`: the one `main.ts` already read, or read now from the environment. */
let ConfigModule = ConfigModule_1 = class ConfigModule {
    static forRoot(config) {
        return {
            module: ConfigModule_1,
            providers: [{ provide: app_config_1.AppConfig, useFactory: () => config ?? (0, load_config_1.loadConfig)() }],
            exports: [app_config_1.AppConfig],
        };
    }
};
exports.ConfigModule = ConfigModule;
exports.ConfigModule = ConfigModule = ConfigModule_1 = __decorate([
    (0, common_1.Global)(),
    (0, common_1.Module)({})
], ConfigModule);
//# sourceMappingURL=config.module.js.map