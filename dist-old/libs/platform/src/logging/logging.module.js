"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.LoggingModule = void 0;
exports.appLogger = appLogger;
const common_1 = require("@nestjs/common");
const pino_1 = __importDefault(require("pino"));
const app_config_1 = require("../config/app-config");
const app_logger_1 = require("./app-logger");
const loggers = new Map();
/**
 * The process's JSON logger at `level`, to standard output: one per level, so that the process
 * runner, Nest's own lines (given to NestFactory from the start, never buffered) and the app's
 * providers write through the same pino. Each line's `time` is when it was written (epoch ms).
 */
function appLogger(level) {
    let logger = loggers.get(level);
    if (!logger) {
        logger = new app_logger_1.AppLogger((0, pino_1.default)({ level, serializers: { err: pino_1.default.stdSerializers.err } }));
        loggers.set(level, logger);
    }
    return logger;
}
/**
 * JSON logs through pino, at LOG_LEVEL. The HTTP apps add the request-log hooks
 * (request-log.hooks.ts) so that lines written while serving a request carry its id.
 */
let LoggingModule = class LoggingModule {
};
exports.LoggingModule = LoggingModule;
exports.LoggingModule = LoggingModule = __decorate([
    (0, common_1.Module)({
        providers: [
            {
                provide: app_logger_1.AppLogger,
                inject: [app_config_1.AppConfig],
                useFactory: (config) => appLogger(config.LOG_LEVEL),
            },
        ],
        exports: [app_logger_1.AppLogger],
    })
], LoggingModule);
//# sourceMappingURL=logging.module.js.map