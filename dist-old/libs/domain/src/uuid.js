"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.isUuid = void 0;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A UUID in its canonical 8-4-4-4-12 hex form, in any letter case. */
const isUuid = (value) => UUID.test(value);
exports.isUuid = isUuid;
//# sourceMappingURL=uuid.js.map