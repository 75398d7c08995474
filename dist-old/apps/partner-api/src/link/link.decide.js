"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.decideLink = decideLink;
/**
 * The pilot's connection to the partner: the active one if there is one, else a new one with
 * `newConnectionId`, recorded as PilotLinked. A reconnect after a disconnect gets a new id.
 */
function decideLink(state, partnerId, pilotAccountId, newConnectionId) {
    if (!state.redeemable)
        return { rejected: 'INVALID_TOKEN' };
    if (state.activeConnectionId !== undefined)
        return { events: [], pilotId: state.activeConnectionId };
    return {
        events: [
            {
                type: 'PilotLinked',
                version: 1,
                payload: {
                    pilot_account_id: pilotAccountId,
                    partner_id: partnerId,
                    connection_id: newConnectionId,
                    linked_at: state.now.toISOString(),
                },
            },
        ],
        pilotId: newConnectionId,
    };
}
//# sourceMappingURL=link.decide.js.map