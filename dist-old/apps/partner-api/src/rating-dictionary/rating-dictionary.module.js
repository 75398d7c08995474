"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.RatingDictionaryModule = void 0;
const common_1 = require("@nestjs/common");
const access_module_1 = require("../auth/access.module");
const get_rating_dictionary_handler_1 = require("./get-rating-dictionary.handler");
const rating_dictionary_controller_1 = require("./rating-dictionary.controller");
/** `GET /v1/rating-dictionary`: the airplane rating dictionary, for keys with its scope. */
let RatingDictionaryModule = class RatingDictionaryModule {
};
exports.RatingDictionaryModule = RatingDictionaryModule;
exports.RatingDictionaryModule = RatingDictionaryModule = __decorate([
    (0, common_1.Module)({
        imports: [access_module_1.AccessModule],
        controllers: [rating_dictionary_controller_1.RatingDictionaryController],
        providers: [get_rating_dictionary_handler_1.GetRatingDictionaryHandler],
    })
], RatingDictionaryModule);
//# sourceMappingURL=rating-dictionary.module.js.map