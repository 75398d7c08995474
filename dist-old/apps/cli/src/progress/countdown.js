"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.waitWithCountdown = waitWithCountdown;
/**
 * Waits `ms`, saying every `everyMs` how long is left, so that a log without a terminal shows the
 * command is still at it rather than stuck.
 */
async function waitWithCountdown(ms, say, everyMs = 10_000) {
    const end = Date.now() + ms;
    const tick = setInterval(() => say(`still waiting, ${Math.ceil((end - Date.now()) / 1000)} s left`), everyMs);
    try {
        await new Promise((resolve) => setTimeout(resolve, ms));
    }
    finally {
        clearInterval(tick);
    }
}
//# sourceMappingURL=countdown.js.map