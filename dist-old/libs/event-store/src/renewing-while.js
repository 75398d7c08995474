"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.renewingWhile = renewingWhile;
/**
 * Waits for `work` while renewing a lease on time: whenever `dueIn` (ms until the next renewal;
 * undefined once no lease is held) runs out before the work settles, `renew` runs. A renewal that
 * fails or loses the lease ends the renewing, not the work: its writes are fenced by the token.
 */
async function renewingWhile(work, dueIn, renew) {
    let settled = false;
    const done = work.then(() => (settled = true), () => (settled = true));
    for (let wait = dueIn(); !settled && wait !== undefined; wait = dueIn()) {
        let timer;
        await Promise.race([done, new Promise((resolve) => (timer = setTimeout(resolve, wait)))]);
        clearTimeout(timer);
        if (settled)
            break;
        try {
            await renew();
        }
        catch {
            break;
        }
    }
    return work;
}
//# sourceMappingURL=renewing-while.js.map