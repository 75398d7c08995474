"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.REDIS = void 0;
/** The injection token of the app's one ioredis client. */
exports.REDIS = Symbol('REDIS');
//# sourceMappingURL=redis.token.js.map