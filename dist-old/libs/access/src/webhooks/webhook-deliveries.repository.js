"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.queueWebhookEvent = queueWebhookEvent;
exports.listDeliveries = listDeliveries;
exports.listFailedDeliveries = listFailedDeliveries;
exports.redeliverEvent = redeliverEvent;
const domain_1 = require("../../../domain/src/index.js");
const rows_of_1 = require("../../../platform/src/database/rows-of.js");
const webhook_signature_1 = require("./webhook-signature");
const LOG_COLUMNS = `d.event_id, d.type, d.created_at, d.attempts, d.status, d.last_response_status,
  d.next_attempt_at`;
function toRecord(row) {
    return {
        event_id: row.event_id,
        type: row.type,
        created_at: row.created_at.toISOString(),
        attempts: row.attempts,
        status: row.status,
        last_response_status: row.last_response_status,
        next_attempt_at: row.status === 'pending' && row.next_attempt_at ? row.next_attempt_at.toISOString() : null,
    };
}
/**
 * Queues an event for an endpoint that is enabled (a disabled or deleted one keeps nothing queued):
 * stored before any attempt, due at once. False when it was queued before or the endpoint is not enabled.
 * The endpoint's row is locked (for share) until the caller commits: a disable or delete running at the
 * same time either waits and then fails what this queued, or commits first and this queues nothing.
 */
async function queueWebhookEvent(db, event) {
    const id = (0, webhook_signature_1.newWebhookEventId)();
    const createdAt = new Date().toISOString();
    const body = (0, domain_1.webhookBody)({ id, type: event.type, created_at: createdAt, data: event.data });
    const rows = (0, rows_of_1.rowsOf)(await db.query(`insert into webhook_deliveries (endpoint_id, event_id, type, created_at, body, ordering_key, source_key, next_attempt_at)
       select endpoint_id, $2, $3, $4, $5, $6, $7, now() from webhook_endpoints where endpoint_id = $1 and status = 'enabled'
       for share
       on conflict (endpoint_id, source_key) do nothing
       returning event_id`, [event.endpointId, id, event.type, createdAt, body, event.orderingKey, event.sourceKey]));
    return rows.length > 0;
}
/** An endpoint's deliveries, newest first. */
async function listDeliveries(db, endpointId, limit) {
    const rows = (0, rows_of_1.rowsOf)(await db.query(`select ${LOG_COLUMNS} from webhook_deliveries d where d.endpoint_id = $1 order by d.delivery_id desc limit $2`, [endpointId, limit]));
    return rows.map(toRecord);
}
/** Failed deliveries over every endpoint (or one), newest first: for operators. */
async function listFailedDeliveries(db, options) {
    const rows = (0, rows_of_1.rowsOf)(await db.query(`select ${LOG_COLUMNS}, d.endpoint_id, e.partner_id, d.last_error
         from webhook_deliveries d join webhook_endpoints e using (endpoint_id)
        where d.status = 'failed' and ($1::text is null or d.endpoint_id = $1)
        order by d.delivery_id desc limit $2`, [options.endpointId ?? null, options.limit]));
    return rows.map((row) => ({
        ...toRecord(row),
        endpoint_id: row.endpoint_id,
        partner_id: row.partner_id,
        last_error: row.last_error,
    }));
}
/**
 * Delivers an event again: its deliveries (to one endpoint or each it went to) become pending and due
 * now, with the same id and body, the attempts counted anew. Only to enabled endpoints. The number of
 * deliveries queued again.
 */
async function redeliverEvent(db, eventId, endpointId) {
    const rows = (0, rows_of_1.rowsOf)(await db.query(`with changed as (update webhook_deliveries d
          set status = 'pending', attempts = 0, next_attempt_at = now(), claimed_until = null, last_error = null
         from webhook_endpoints e
        where e.endpoint_id = d.endpoint_id and e.status = 'enabled'
          and d.event_id = $1 and ($2::text is null or d.endpoint_id = $2) returning d.event_id) select * from changed`, [eventId, endpointId ?? null]));
    return rows.length;
}
//# sourceMappingURL=webhook-deliveries.repository.js.map