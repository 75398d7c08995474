"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MAX_OPEN_LINKING_CODES = void 0;
exports.decideIssueLinkingCode = decideIssueLinkingCode;
exports.decideDisconnect = decideDisconnect;
/** Codes a pilot may hold at once that are neither used nor expired. */
exports.MAX_OPEN_LINKING_CODES = 10;
/** Issues a code unless the pilot already holds the maximum of open ones. */
function decideIssueLinkingCode(openCodes, pilot, codeHashHex, expiresAt) {
    if (openCodes >= exports.MAX_OPEN_LINKING_CODES) {
        return {
            rejected: 'RATE_LIMITED',
            message: `at most ${exports.MAX_OPEN_LINKING_CODES} unexpired linking codes at a time`,
        };
    }
    return [
        {
            type: 'LinkingCodeIssued',
            version: 1,
            payload: { pilot_account_id: pilot, code_hash: codeHashHex, expires_at: expiresAt },
        },
    ];
}
/** Disconnects an active connection of this pilot; anything else is unknown to them. */
function decideDisconnect(connection, pilot, now) {
    if (!connection || connection.pilot_account_id !== pilot || connection.disconnected_at !== null) {
        return { rejected: 'CONNECTION_NOT_FOUND', message: 'no such connection' };
    }
    return [
        {
            type: 'PilotDisconnected',
            version: 1,
            payload: {
                pilot_account_id: pilot,
                partner_id: connection.partner_id,
                connection_id: connection.connection_id,
                disconnected_at: now,
            },
        },
    ];
}
//# sourceMappingURL=consent.decide.js.map