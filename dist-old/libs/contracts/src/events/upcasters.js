"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.UPCASTERS = void 0;
exports.upcast = upcast;
const pilot_events_1 = require("./pilot-events");
exports.UPCASTERS = {};
/** Lifts `payload` from `version` to the current version of `type`; throws when a step is missing. */
function upcast(type, version, payload) {
    const target = pilot_events_1.CURRENT_EVENT_VERSION[type];
    let current = { version, payload };
    while (current.version < target) {
        const step = exports.UPCASTERS[`${type}@${current.version}`];
        if (!step)
            throw new Error(`no upcaster for ${type} version ${current.version}`);
        current = { version: current.version + 1, payload: step(current.payload) };
    }
    if (current.version > target)
        throw new Error(`${type} version ${version} is newer than this reader knows`);
    return current;
}
//# sourceMappingURL=upcasters.js.map