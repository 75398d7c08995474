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
exports.ErrorEnvelopeDto = exports.ErrorDto = exports.ErrorDetailDto = exports.MetaDto = void 0;
const swagger_1 = require("@nestjs/swagger");
let MetaDto = class MetaDto {
    api_version;
    request_id;
};
exports.MetaDto = MetaDto;
__decorate([
    (0, swagger_1.ApiProperty)({ enum: ['v1'] }),
    __metadata("design:type", String)
], MetaDto.prototype, "api_version", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({
        description: 'Unique per request: `req_` and 26 characters of Crockford base32 (a ULID); also `X-Request-Id`',
        example: 'req_01JDQ8Z5W3K9M2N4P6R8T0V2X4',
    }),
    __metadata("design:type", String)
], MetaDto.prototype, "request_id", void 0);
exports.MetaDto = MetaDto = __decorate([
    (0, swagger_1.ApiSchema)({ name: 'Meta', description: 'On every answer, success or error' })
], MetaDto);
let ErrorDetailDto = class ErrorDetailDto {
    field;
    issue;
    message;
};
exports.ErrorDetailDto = ErrorDetailDto;
__decorate([
    (0, swagger_1.ApiProperty)({ example: 'pilot_ids' }),
    __metadata("design:type", String)
], ErrorDetailDto.prototype, "field", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ example: 'too_many' }),
    __metadata("design:type", String)
], ErrorDetailDto.prototype, "issue", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)(),
    __metadata("design:type", String)
], ErrorDetailDto.prototype, "message", void 0);
exports.ErrorDetailDto = ErrorDetailDto = __decorate([
    (0, swagger_1.ApiSchema)({
        name: 'ErrorDetail',
        description: 'One problem with the request, pointing at the field it concerns',
    })
], ErrorDetailDto);
let ErrorDto = class ErrorDto {
    code;
    message;
    details;
};
exports.ErrorDto = ErrorDto;
__decorate([
    (0, swagger_1.ApiProperty)({
        description: 'The contract: stable, to be matched on',
        enum: [
            'INVALID_REQUEST',
            'INVALID_TOKEN',
            'UNAUTHORIZED',
            'INSUFFICIENT_SCOPE',
            'NOT_FOUND',
            'PILOT_NOT_FOUND',
            'METHOD_NOT_ALLOWED',
            'CONFLICT',
            'IDEMPOTENCY_CONFLICT',
            'RATE_LIMITED',
            'INTERNAL_ERROR',
            'SERVICE_UNAVAILABLE',
        ],
    }),
    __metadata("design:type", String)
], ErrorDto.prototype, "code", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'For humans; may change', example: 'pilot_ids must hold at most 50 ids' }),
    __metadata("design:type", String)
], ErrorDto.prototype, "message", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ type: [ErrorDetailDto] }),
    __metadata("design:type", Array)
], ErrorDto.prototype, "details", void 0);
exports.ErrorDto = ErrorDto = __decorate([
    (0, swagger_1.ApiSchema)({ name: 'Error', description: 'What went wrong: `code` is the contract, `message` is for humans' })
], ErrorDto);
let ErrorEnvelopeDto = class ErrorEnvelopeDto {
    error;
    meta;
};
exports.ErrorEnvelopeDto = ErrorEnvelopeDto;
__decorate([
    (0, swagger_1.ApiProperty)({ type: ErrorDto }),
    __metadata("design:type", ErrorDto)
], ErrorEnvelopeDto.prototype, "error", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: MetaDto }),
    __metadata("design:type", MetaDto)
], ErrorEnvelopeDto.prototype, "meta", void 0);
exports.ErrorEnvelopeDto = ErrorEnvelopeDto = __decorate([
    (0, swagger_1.ApiSchema)({ name: 'ErrorResponse', description: 'The body of every error answer' })
], ErrorEnvelopeDto);
//# sourceMappingURL=envelope.dto.js.map