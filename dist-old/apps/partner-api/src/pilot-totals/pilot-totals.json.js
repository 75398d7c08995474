"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.pilotTotalsJson = pilotTotalsJson;
exports.pilotTotalsBatchJson = pilotTotalsBatchJson;
const fast_json_stringify_1 = __importDefault(require("fast-json-stringify"));
const pilot_totals_response_schema_1 = require("./pilot-totals.response-schema");
const stringifyView = (0, fast_json_stringify_1.default)({
    ...pilot_totals_response_schema_1.PILOT_TOTALS_VIEW_SCHEMA,
    type: 'object',
});
/**
 * Each answer's JSON, made once per answer object: an answer kept in memory (TotalsReadCache) is
 * the same object on every request that reads it, and is never changed, so its text is too. Kept as
 * text (the single read) and as UTF-8 bytes (a batch: its answers are copied into the response as
 * they are, never joined into a string and encoded again). Held weakly: it goes when the answer
 * leaves the memory.
 */
const texts = new WeakMap();
const bytes = new WeakMap();
/**
 * The same text as one flat string. fast-json-stringify builds its output by concatenation, which V8
 * keeps as a tree of pieces that every use (an envelope around it, a write to a socket) walks again;
 * converting a string to a number makes V8 flatten it in place. The number itself is not used.
 */
function flat(text) {
    Number(text);
    return text;
}
function pilotTotalsJson(view) {
    let text = texts.get(view);
    if (text === undefined) {
        text = flat(stringifyView(view));
        texts.set(view, text);
    }
    return text;
}
function pilotTotalsBytes(view) {
    let made = bytes.get(view);
    if (made === undefined) {
        made = Buffer.from(pilotTotalsJson(view));
        bytes.set(view, made);
    }
    return made;
}
const BATCH_OPENING = Buffer.from('{"pilots":[');
const COMMA = Buffer.from(',');
const BATCH_CLOSING = Buffer.from(']}');
/** `{ "pilots": [...] }` of the batch endpoint, as pieces of bytes in order, from each answer's bytes. */
function pilotTotalsBatchJson(views) {
    const pieces = [BATCH_OPENING];
    views.forEach((view, i) => {
        if (i > 0)
            pieces.push(COMMA);
        pieces.push(pilotTotalsBytes(view));
    });
    pieces.push(BATCH_CLOSING);
    return pieces;
}
//# sourceMappingURL=pilot-totals.json.js.map