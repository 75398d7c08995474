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
exports.DatabaseModule = exports.PostgresReadiness = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const app_config_1 = require("../config/app-config");
const data_source_1 = require("./data-source");
const stalled_connections_1 = require("./stalled-connections");
let PostgresReadiness = class PostgresReadiness {
    dataSource;
    name = 'postgres';
    constructor(dataSource) {
        this.dataSource = dataSource;
    }
    async check() {
        await this.dataSource.query('select 1');
    }
};
exports.PostgresReadiness = PostgresReadiness;
exports.PostgresReadiness = PostgresReadiness = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [typeorm_2.DataSource])
], PostgresReadiness);
/** The Postgres connection pool (TypeORM over pg). The schema comes from migrations only. */
let DatabaseModule = class DatabaseModule {
};
exports.DatabaseModule = DatabaseModule;
exports.DatabaseModule = DatabaseModule = __decorate([
    (0, common_1.Global)(),
    (0, common_1.Module)({
        imports: [
            typeorm_1.TypeOrmModule.forRootAsync({
                inject: [app_config_1.AppConfig],
                useFactory: (config) => ({
                    ...(0, data_source_1.dataSourceOptions)(config.DATABASE_URL, config.DATABASE_POOL_SIZE, {
                        connectMs: config.DATABASE_CONNECT_TIMEOUT_MS,
                        queryMs: config.DATABASE_QUERY_TIMEOUT_MS,
                    }),
                    retryAttempts: 3,
                    retryDelay: 1000,
                }),
                dataSourceFactory: async (options) => {
                    const dataSource = await new typeorm_2.DataSource(options).initialize();
                    (0, stalled_connections_1.dropStalledConnections)(dataSource);
                    return dataSource;
                },
            }),
        ],
        providers: [PostgresReadiness],
        exports: [PostgresReadiness],
    })
], DatabaseModule);
//# sourceMappingURL=database.module.js.map