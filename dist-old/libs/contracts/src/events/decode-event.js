"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.isErased = void 0;
exports.decodeEventEnvelope = decodeEventEnvelope;
exports.decodeEventMessage = decodeEventMessage;
exports.decodeEventMessages = decodeEventMessages;
const _2020_1 = __importDefault(require("ajv/dist/2020"));
const ajv_formats_1 = __importDefault(require("ajv-formats"));
const pilot_events_1 = require("./pilot-events");
const schemas_1 = require("./schemas");
const sealed_payload_1 = require("./sealed-payload");
const upcasters_1 = require("./upcasters");
/**
 * The schemas' validators, compiled on first use: compiling them took about 0.25 s of every process's
 * start, and many processes never decode an event (most of the CLI's commands among them).
 */
let compiled;
function validators() {
    if (compiled)
        return compiled;
    const ajv = new _2020_1.default({ allErrors: false, strict: true });
    (0, ajv_formats_1.default)(ajv);
    const payload = new Map(Object.keys(schemas_1.EVENT_PAYLOAD_SCHEMAS).map((type) => [
        type,
        ajv.compile(schemas_1.EVENT_PAYLOAD_SCHEMAS[type][pilot_events_1.CURRENT_EVENT_VERSION[type]] ?? {}),
    ]));
    compiled = { ajv, message: ajv.compile(schemas_1.EVENT_MESSAGE_SCHEMA), payload };
    return compiled;
}
function parseMessage(value) {
    if (value === null)
        return { ok: false, reason: 'empty message' };
    let parsed;
    try {
        parsed = JSON.parse(typeof value === 'string' ? value : value.toString('utf8'));
    }
    catch {
        return { ok: false, reason: 'message is not valid JSON' };
    }
    const { ajv, message } = validators();
    if (!message(parsed)) {
        return { ok: false, reason: `message: ${ajv.errorsText(message.errors)}` };
    }
    return { ok: true, message: parsed };
}
/** Checks the (opened) payload against the schemas and upcasts it. */
function checkPayload(message) {
    let lifted;
    try {
        lifted = (0, upcasters_1.upcast)(message.type, message.version, message.payload);
    }
    catch (err) {
        return { ok: false, reason: err.message };
    }
    const { ajv, payload: validPayload } = validators();
    const check = validPayload.get(message.type);
    if (!check?.(lifted.payload)) {
        return { ok: false, reason: `${message.type} payload: ${ajv.errorsText(check?.errors)}` };
    }
    const payload = lifted.payload;
    if (payload.pilot_account_id !== message.pilot_account_id) {
        return { ok: false, reason: 'payload pilot_account_id differs from the message key' };
    }
    return { ok: true, message: { ...message, version: lifted.version, payload } };
}
/**
 * The message checked as an envelope only: its payload is as published (sealed, for the pilots'
 * logbook events), neither opened nor checked, for readers of ids, streams and positions. Never throws.
 */
function decodeEventEnvelope(value) {
    return parseMessage(value);
}
/**
 * Parses, checks against the schemas and upcasts a message from the topic. Never throws. A sealed
 * payload is not opened here (see decodeEventMessages): such a message is refused.
 */
function decodeEventMessage(value) {
    const parsed = parseMessage(value);
    if (!parsed.ok)
        return parsed;
    if ((0, sealed_payload_1.isSealedPayload)(parsed.message.payload)) {
        return {
            ok: false,
            reason: `${parsed.message.type} payload is sealed: read it with decodeEventMessages`,
        };
    }
    return checkPayload(parsed.message);
}
/**
 * The one seam every reader of events goes through: parses each message, opens its payload when it is
 * sealed (the keys of the whole batch read at once), then checks and upcasts it as decodeEventMessage
 * does. Plaintext payloads (stored before sealing existed) are read as they are. Never throws.
 */
async function decodeEventMessages(values, opener) {
    const whole = await opener.openMessages?.(values);
    if (whole)
        return whole.map(decodeOpenedMessage);
    const parsed = values.map(parseMessage);
    const sealed = [];
    parsed.forEach((p, at) => {
        if (p.ok && (0, sealed_payload_1.isSealedPayload)(p.message.payload)) {
            sealed.push({ at, message: p.message });
        }
    });
    const opened = new Map();
    if (sealed.length > 0) {
        await opener.load(sealed.map(({ message }) => message.payload.sealed.key_id));
        // Opened all at once: the opener may do it off the event loop.
        const values = await opener.openMany(sealed.map(({ message }) => ({ box: message.payload.sealed, aad: (0, sealed_payload_1.sealedPayloadAad)(message) })));
        sealed.forEach(({ at }, i) => opened.set(at, values[i]));
    }
    return parsed.map((p, at) => {
        if (!p.ok)
            return p;
        const { message } = p;
        if (!opened.has(at))
            return checkPayload(message);
        if (message.payload.pilot_account_id !== message.pilot_account_id) {
            return { ok: false, reason: 'payload pilot_account_id differs from the message key' };
        }
        const payload = opened.get(at);
        if (payload instanceof Error) {
            return { ok: false, reason: `${message.type} payload does not open: ${payload.message}` };
        }
        if (payload === null)
            return erasedResult(message);
        return checkPayload({ ...message, payload: payload });
    });
}
/** A sound message whose payload's data key is destroyed: its head, without the sealed payload. */
function erasedResult(message) {
    const { payload: _sealed, ...head } = message;
    return { ok: false, erased: true, reason: 'the data key of the payload is destroyed', message: head };
}
/** A message the opener opened whole: read as any message, or as the opener found it. */
function decodeOpenedMessage(opened) {
    const parsed = parseMessage(opened.text);
    if (!parsed.ok)
        return parsed;
    if ('failure' in opened)
        return { ok: false, reason: opened.failure };
    if ('erased' in opened)
        return erasedResult(parsed.message);
    return checkPayload(parsed.message);
}
const isErased = (result) => !result.ok && 'erased' in result;
exports.isErased = isErased;
//# sourceMappingURL=decode-event.js.map