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
exports.AppConfig = exports.OPTIONAL_VARIABLES = exports.DEVELOPMENT_JWT_SECRET = void 0;
const class_transformer_1 = require("class-transformer");
const class_validator_1 = require("class-validator");
const jwt_variables_1 = require("./jwt-variables");
const master_keys_1 = require("../crypto/master-keys");
const master_key_variables_1 = require("./master-key-variables");
const trusted_proxies_1 = require("./trusted-proxies");
const event_pipeline_variables_1 = require("./event-pipeline-variables");
const variable_transforms_1 = require("./variable-transforms");
/** The local JWT_SECRET: published in the repository, so good for development only. */
exports.DEVELOPMENT_JWT_SECRET = 'local-development-secret-change-me-in-production';
/** Variables without a default, read only when set. */
exports.OPTIONAL_VARIABLES = [
    'JWT_PUBLIC_KEY',
    'JWKS_URL',
    'JWT_ALGORITHMS',
    'JWT_ISSUER',
    'JWT_AUDIENCE',
];
/**
 * Every environment variable the service reads, with its local default.
 * Property names are the variable names, so a validation failure names the variable.
 */
class AppConfig extends event_pipeline_variables_1.EventPipelineVariables {
    NODE_ENV = 'development';
    LOG_LEVEL = 'info';
    HOST = '127.0.0.1';
    /**
     * Reverse proxies (load balancers) whose X-Forwarded-For is believed: a request that arrives from
     * one of them is taken to come from the address it forwarded for, so per-client limits (failed
     * partner authentications) count each client apart. Empty: the connection's own address, and the
     * header ignored, since anyone can send it.
     */
    TRUSTED_PROXIES = '';
    PARTNER_API_PORT = 3000;
    INGESTION_PORT = 3001;
    PROJECTOR_PORT = 3002;
    DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/pilot_totals';
    DATABASE_POOL_SIZE = 10;
    /** How long an app waits for a Postgres connection (a new one, or a free one from the pool). */
    DATABASE_CONNECT_TIMEOUT_MS = 5000;
    /**
     * How long an app waits for Postgres to answer a statement before giving up on it (a request is
     * then answered 503). Bounds a request when the database stops answering without closing the
     * connection; 0 waits for ever.
     */
    DATABASE_QUERY_TIMEOUT_MS = 10000;
    /**
     * How long a write whose commit went unanswered keeps trying to find out whether it was recorded
     * before answering 503 WRITE_OUTCOME_UNKNOWN. Unset: DATABASE_QUERY_TIMEOUT_MS and its one second of
     * grace (writeOutcomeTimeoutMs). Declared with `undefined` so that loadConfig reads it.
     */
    WRITE_OUTCOME_TIMEOUT_MS = undefined;
    REDIS_URL = 'redis://127.0.0.1:6379';
    /**
     * How long an app waits for Redis to answer a command. Past it the command fails: the partner API
     * then counts rate limits per process, as when Redis is down.
     */
    REDIS_COMMAND_TIMEOUT_MS = 1000;
    /**
     * The shared HS256 secret of local pilot tokens. Production refuses this built-in value, and uses
     * the secret at all only with JWT_ALLOW_HS256=true (see production-rules.ts).
     */
    JWT_SECRET = exports.DEVELOPMENT_JWT_SECRET;
    /**
     * The master key that wraps every pilot's data key (docs/privacy.md): 32 random bytes, base64. The
     * development default is public; production refuses it (production-rules.ts).
     */
    PFT_MASTER_KEY = master_keys_1.DEVELOPMENT_MASTER_KEY;
    /**
     * Whether the pilots' logbook payloads are sealed before they are stored: for benchmarks that measure
     * what sealing costs; production refuses false.
     */
    PFT_SEAL_PAYLOADS = true;
    /** Earlier master keys still read while `pft privacy rewrap-keys` rewraps data keys after a rotation. */
    PFT_PREVIOUS_MASTER_KEYS = '';
    /** PEM public key of the identity provider; takes precedence over JWT_SECRET. */
    JWT_PUBLIC_KEY;
    /** The identity provider's key set; takes precedence over JWT_PUBLIC_KEY and JWT_SECRET. */
    JWKS_URL;
    /**
     * The algorithms accepted with JWT_PUBLIC_KEY or JWKS_URL. Unset: the one the public key is for
     * (RS256 for RSA, ES256 for P-256, ...), RS256 with a JWKS URL. The secret only ever takes HS256.
     */
    JWT_ALGORITHMS;
    /** Whether production may verify pilot tokens with the shared JWT_SECRET (HS256). */
    JWT_ALLOW_HS256 = false;
    /** The `iss` every pilot token must carry; unset: not checked (required in production). */
    JWT_ISSUER;
    /** An `aud` every pilot token must carry; unset: not checked (required in production). */
    JWT_AUDIENCE;
    /** How far a token's `exp` and `nbf` may be off the clock, for clocks that disagree a little. */
    JWT_CLOCK_TOLERANCE_SECONDS = 30;
    LINKING_CODE_TTL_SECONDS = 600;
    SHUTDOWN_TIMEOUT_MS = 10000;
    /**
     * Whether the pilot app API sends the new flights of concurrent requests (those arriving in one
     * event-loop turn, 64 at most) to Postgres as one statement and one commit, each request answered
     * with its own outcome; `off`: one statement and commit per request.
     */
    WRITE_GROUPING = 'on';
    // Metrics: served on a port of their own, never on the public API port.
    /**
     * The port this process serves Prometheus metrics on (`GET /metrics`, on HOST). Unset: the app's
     * own default (DEFAULT_METRICS_PORTS in metrics/metrics-port.ts), so the apps of one host never
     * collide without it being set. Declared with `undefined` so that loadConfig reads it.
     */
    METRICS_PORT = undefined;
}
exports.AppConfig = AppConfig;
__decorate([
    (0, class_validator_1.IsIn)(['development', 'test', 'production']),
    __metadata("design:type", String)
], AppConfig.prototype, "NODE_ENV", void 0);
__decorate([
    (0, class_validator_1.IsIn)(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    __metadata("design:type", Object)
], AppConfig.prototype, "LOG_LEVEL", void 0);
__decorate([
    (0, class_validator_1.IsString)(),
    (0, class_validator_1.Matches)(/^\S+$/, { message: 'HOST must be a host name or address' }),
    __metadata("design:type", Object)
], AppConfig.prototype, "HOST", void 0);
__decorate([
    (0, trusted_proxies_1.IsTrustedProxyList)(),
    __metadata("design:type", Object)
], AppConfig.prototype, "TRUSTED_PROXIES", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(65535),
    __metadata("design:type", Object)
], AppConfig.prototype, "PARTNER_API_PORT", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(65535),
    __metadata("design:type", Object)
], AppConfig.prototype, "INGESTION_PORT", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(65535),
    __metadata("design:type", Object)
], AppConfig.prototype, "PROJECTOR_PORT", void 0);
__decorate([
    (0, class_validator_1.Matches)(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// URL' }),
    __metadata("design:type", Object)
], AppConfig.prototype, "DATABASE_URL", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(200),
    __metadata("design:type", Object)
], AppConfig.prototype, "DATABASE_POOL_SIZE", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(100),
    (0, class_validator_1.Max)(600000),
    __metadata("design:type", Object)
], AppConfig.prototype, "DATABASE_CONNECT_TIMEOUT_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    (0, class_validator_1.Max)(3600000),
    __metadata("design:type", Object)
], AppConfig.prototype, "DATABASE_QUERY_TIMEOUT_MS", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    (0, class_validator_1.Max)(600000),
    __metadata("design:type", Number)
], AppConfig.prototype, "WRITE_OUTCOME_TIMEOUT_MS", void 0);
__decorate([
    (0, class_validator_1.Matches)(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must be a redis:// URL' }),
    __metadata("design:type", Object)
], AppConfig.prototype, "REDIS_URL", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(50),
    (0, class_validator_1.Max)(60000),
    __metadata("design:type", Object)
], AppConfig.prototype, "REDIS_COMMAND_TIMEOUT_MS", void 0);
__decorate([
    (0, jwt_variables_1.IsJwtSecret)(),
    __metadata("design:type", Object)
], AppConfig.prototype, "JWT_SECRET", void 0);
__decorate([
    (0, master_key_variables_1.IsMasterKey)(),
    __metadata("design:type", Object)
], AppConfig.prototype, "PFT_MASTER_KEY", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toBoolean),
    (0, class_validator_1.IsBoolean)(),
    __metadata("design:type", Object)
], AppConfig.prototype, "PFT_SEAL_PAYLOADS", void 0);
__decorate([
    (0, master_key_variables_1.IsMasterKeyList)(),
    __metadata("design:type", Object)
], AppConfig.prototype, "PFT_PREVIOUS_MASTER_KEYS", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, jwt_variables_1.IsPublicKeyPem)(),
    __metadata("design:type", String)
], AppConfig.prototype, "JWT_PUBLIC_KEY", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.Matches)(/^https?:\/\/\S+$/, { message: 'JWKS_URL must be an http(s) URL' }),
    __metadata("design:type", String)
], AppConfig.prototype, "JWKS_URL", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, jwt_variables_1.IsJwtAlgorithmList)(),
    __metadata("design:type", String)
], AppConfig.prototype, "JWT_ALGORITHMS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toBoolean),
    (0, class_validator_1.IsBoolean)(),
    __metadata("design:type", Object)
], AppConfig.prototype, "JWT_ALLOW_HS256", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.Matches)(/^\S+$/, { message: 'JWT_ISSUER must be one value without spaces' }),
    __metadata("design:type", String)
], AppConfig.prototype, "JWT_ISSUER", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.Matches)(/^\S+$/, { message: 'JWT_AUDIENCE must be one value without spaces' }),
    __metadata("design:type", String)
], AppConfig.prototype, "JWT_AUDIENCE", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    (0, class_validator_1.Max)(300),
    __metadata("design:type", Object)
], AppConfig.prototype, "JWT_CLOCK_TOLERANCE_SECONDS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(86400),
    __metadata("design:type", Object)
], AppConfig.prototype, "LINKING_CODE_TTL_SECONDS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1000),
    (0, class_validator_1.Max)(600000),
    __metadata("design:type", Object)
], AppConfig.prototype, "SHUTDOWN_TIMEOUT_MS", void 0);
__decorate([
    (0, class_validator_1.IsIn)(['on', 'off']),
    __metadata("design:type", String)
], AppConfig.prototype, "WRITE_GROUPING", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(65535),
    __metadata("design:type", Number)
], AppConfig.prototype, "METRICS_PORT", void 0);
//# sourceMappingURL=app-config.js.map