"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.AccessHistoryModule = void 0;
const common_1 = require("@nestjs/common");
const access_recorder_1 = require("./access-recorder");
/** The recording of partners' reads for the pilots' access history: one recorder per replica. */
let AccessHistoryModule = class AccessHistoryModule {
};
exports.AccessHistoryModule = AccessHistoryModule;
exports.AccessHistoryModule = AccessHistoryModule = __decorate([
    (0, common_1.Module)({ providers: [access_recorder_1.AccessRecorder], exports: [access_recorder_1.AccessRecorder] })
], AccessHistoryModule);
//# sourceMappingURL=access-history.module.js.map