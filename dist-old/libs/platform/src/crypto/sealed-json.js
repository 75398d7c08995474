"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MESSAGES_FOR_THREAD = void 0;
exports.sealJson = sealJson;
exports.isSealedBox = isSealedBox;
exports.sharedOpeningThread = sharedOpeningThread;
exports.boxOpener = boxOpener;
const aes_gcm_1 = require("./aes-gcm");
const opening_thread_1 = require("./opening-thread");
function sealJson(value, key, aad) {
    return {
        alg: 'A256GCM',
        key_id: key.keyId,
        data: (0, aes_gcm_1.seal)(key.key, Buffer.from(JSON.stringify(value), 'utf8'), aad).toString('base64'),
    };
}
function isSealedBox(value) {
    const box = value;
    return (typeof box === 'object' &&
        box !== null &&
        box.alg === 'A256GCM' &&
        typeof box.key_id === 'string' &&
        typeof box.data === 'string');
}
/**
 * From this many messages on, openMessages hands a batch to the opening thread: for fewer (a live
 * projector's usual batch, a pilot's short stream), asking the thread costs more than it saves.
 */
exports.MESSAGES_FOR_THREAD = 64;
/** How a sealed payload shows in a message's text. */
const SEALED_MARK = Buffer.from('"sealed":');
/**
 * Whether a batch is worth the opening thread: one of every 16 messages is looked at (looking at every
 * one cost about 0.5 µs a message), enough to find a batch of the pilots' logbook events, all sealed. A
 * batch it passes over still decodes whole, on the caller's thread.
 */
function looksSealed(values) {
    for (let i = 0; i < values.length; i += 16) {
        const v = values[i];
        if (v === null || v === undefined)
            continue;
        if (typeof v === 'string' ? v.includes('"sealed":') : v.includes(SEALED_MARK))
            return true;
    }
    return false;
}
let sharedThread;
/** The process's one opening thread, made on first use. */
function sharedOpeningThread() {
    sharedThread ??= new opening_thread_1.OpeningThread();
    return sharedThread;
}
/**
 * Opens boxes with the keys of `keys`, reading missing ones through `runner`. `thread`: where
 * openMessages opens a batch (null: none; the caller decodes every batch itself).
 */
function boxOpener(keys, runner, options = {}) {
    const notLoaded = (box) => new Error(`data key ${box.key_id} was not loaded`);
    const openHere = (requests) => requests.map(({ box, aad }) => {
        const key = keys.loaded(box.key_id);
        if (key === undefined)
            return notLoaded(box);
        if (key === null)
            return null;
        try {
            return JSON.parse((0, aes_gcm_1.open)(key, Buffer.from(box.data, 'base64'), aad).toString('utf8'));
        }
        catch (err) {
            // Its message alone, as the opening thread gives it (node:crypto's errors may come from another realm).
            return new Error(String(err?.message ?? err));
        }
    });
    const thread = options.thread === undefined ? sharedOpeningThread() : options.thread;
    return {
        load: (keyIds) => keys.load(runner, keyIds),
        openMessages: async (values) => {
            if (thread === null || values.length < exports.MESSAGES_FOR_THREAD || !looksSealed(values))
                return undefined;
            try {
                return await thread.openMessages(values, async (keyIds) => {
                    await keys.load(runner, keyIds);
                    return keyIds.map((id) => {
                        const key = keys.loaded(id);
                        return key ? (0, aes_gcm_1.keyObjectOf)(key) : key;
                    });
                });
            }
            catch (err) {
                // The thread stopped: the caller decodes the batch itself. Anything else (the keys' statement
                // failed) is the caller's to know.
                if (err instanceof opening_thread_1.OpeningThreadStopped)
                    return undefined;
                throw err;
            }
        },
        openMany: (requests) => Promise.resolve(openHere(requests)),
    };
}
//# sourceMappingURL=sealed-json.js.map