"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.toBoolean = exports.toInt = void 0;
/**
 * How environment variables (strings) become the typed values the config classes validate: a string
 * of digits a number, `true`/`1` and `false`/`0` a boolean; anything else is left for the validators
 * to refuse.
 */
const toInt = ({ value }) => typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
exports.toInt = toInt;
const toBoolean = ({ value }) => value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
exports.toBoolean = toBoolean;
//# sourceMappingURL=variable-transforms.js.map