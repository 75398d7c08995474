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
exports.RatingDictionaryDto = exports.RatingEntryDto = void 0;
const swagger_1 = require("@nestjs/swagger");
let RatingEntryDto = class RatingEntryDto {
    key;
    label;
    category;
    manufacturer;
};
exports.RatingEntryDto = RatingEntryDto;
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'Stable identifier; the key used in `rating_breakdown`', example: 'sep_land' }),
    __metadata("design:type", String)
], RatingEntryDto.prototype, "key", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({
        description: 'Short human-readable name, English only',
        example: 'Single-engine piston (land)',
    }),
    __metadata("design:type", String)
], RatingEntryDto.prototype, "label", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({
        enum: ['class_rating', 'type_rating', 'other'],
        description: 'The catalog holds class and type ratings; `other` is reserved by the specification.',
    }),
    __metadata("design:type", String)
], RatingEntryDto.prototype, "category", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ description: 'Airframer name; present for type ratings, absent for class ratings' }),
    __metadata("design:type", String)
], RatingEntryDto.prototype, "manufacturer", void 0);
exports.RatingEntryDto = RatingEntryDto = __decorate([
    (0, swagger_1.ApiSchema)({ name: 'RatingDictionaryEntry', description: 'One airplane class or type rating' })
], RatingEntryDto);
let RatingDictionaryDto = class RatingDictionaryDto {
    /** The start of each part of the catalog (the answer lists all of it). */
    static example = {
        ratings: [
            { key: 'sep_land', label: 'Single-engine piston (land)', category: 'class_rating' },
            { key: 'sep_sea', label: 'Single-engine piston (sea)', category: 'class_rating' },
            {
                key: 'type_a320',
                label: 'Airbus A318/A319/A320/A321',
                category: 'type_rating',
                manufacturer: 'Airbus',
            },
            { key: 'type_atr_42_72', label: 'ATR 42 and ATR 72', category: 'type_rating', manufacturer: 'ATR' },
        ],
    };
    ratings;
};
exports.RatingDictionaryDto = RatingDictionaryDto;
__decorate([
    (0, swagger_1.ApiProperty)({
        type: [RatingEntryDto],
        description: 'The full EASA airplane rating catalog: the seven class ratings in the specification’s order, then ' +
            'type ratings by `key` in plain byte order. No helicopter or sailplane ratings.',
    }),
    __metadata("design:type", Array)
], RatingDictionaryDto.prototype, "ratings", void 0);
exports.RatingDictionaryDto = RatingDictionaryDto = __decorate([
    (0, swagger_1.ApiSchema)({ name: 'RatingDictionary', description: 'Every rating key `rating_breakdown` may hold' })
], RatingDictionaryDto);
//# sourceMappingURL=rating-dictionary.dto.js.map