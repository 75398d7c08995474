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
exports.LinkResultDto = exports.LinkRequestDto = void 0;
const swagger_1 = require("@nestjs/swagger");
let LinkRequestDto = class LinkRequestDto {
    static example = { linking_token: 'PFT-7K2M-9QXR-4HNB-C8VD' };
    linking_token;
};
exports.LinkRequestDto = LinkRequestDto;
__decorate([
    (0, swagger_1.ApiProperty)({
        description: 'The pilot’s linking code, `PFT-XXXX-XXXX-XXXX-XXXX` (Crockford base32). Compared case-insensitively, ' +
            'surrounding whitespace trimmed. Valid 10 minutes, single use.',
        example: 'PFT-7K2M-9QXR-4HNB-C8VD',
    }),
    __metadata("design:type", String)
], LinkRequestDto.prototype, "linking_token", void 0);
exports.LinkRequestDto = LinkRequestDto = __decorate([
    (0, swagger_1.ApiSchema)({ name: 'LinkRequest', description: 'A pilot’s linking code, to redeem' })
], LinkRequestDto);
let LinkResultDto = class LinkResultDto {
    static example = { pilot_id: '3f6c2b9e-8d41-4a7f-9b2e-5c1d0a7e4f18' };
    pilot_id;
};
exports.LinkResultDto = LinkResultDto;
__decorate([
    (0, swagger_1.ApiProperty)({
        format: 'uuid',
        description: 'Opaque id of the pilot for this partner, permanent for one connection. A pilot already linked to ' +
            'the partner gets the same id back; after a disconnect and a new link, a new id.',
    }),
    __metadata("design:type", String)
], LinkResultDto.prototype, "pilot_id", void 0);
exports.LinkResultDto = LinkResultDto = __decorate([
    (0, swagger_1.ApiSchema)({ name: 'LinkResult', description: 'The pilot now linked to the calling partner' })
], LinkResultDto);
//# sourceMappingURL=link.dto.js.map