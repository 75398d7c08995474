"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MAX_PILOTS_LIMIT = exports.DEFAULT_PILOTS_LIMIT = void 0;
exports.encodePilotsCursor = encodePilotsCursor;
exports.decodePilotsCursor = decodePilotsCursor;
exports.parsePilotsPageRequest = parsePilotsPageRequest;
const LINKED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const PILOT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** A version mark, so that the form can change later without old cursors being misread. */
const VERSION = 'p1';
/** The opaque string handed to the partner: base64url of `p1|<linkedAt>|<pilotId>`. */
function encodePilotsCursor(cursor) {
    return Buffer.from(`${VERSION}|${cursor.linkedAt}|${cursor.pilotId}`, 'utf8').toString('base64url');
}
/** The cursor a string stands for, or null when it is not one this API made. */
function decodePilotsCursor(value) {
    if (value.length === 0 || value.length > 200 || !BASE64URL.test(value))
        return null;
    const parts = Buffer.from(value, 'base64url').toString('utf8').split('|');
    if (parts.length !== 3 || parts[0] !== VERSION)
        return null;
    const [, linkedAt, pilotId] = parts;
    if (!LINKED_AT.test(linkedAt) || !PILOT_ID.test(pilotId))
        return null;
    // A time of the right form that is no real instant (month 13): Postgres would refuse it with a 500.
    const toTheMillisecond = `${linkedAt.slice(0, 23)}Z`;
    const instant = new Date(toTheMillisecond);
    if (Number.isNaN(instant.getTime()) || instant.toISOString() !== toTheMillisecond)
        return null;
    // Re-encoding must give the same string: no second spelling of one cursor is accepted.
    return encodePilotsCursor({ linkedAt, pilotId }) === value ? { linkedAt, pilotId } : null;
}
exports.DEFAULT_PILOTS_LIMIT = 100;
exports.MAX_PILOTS_LIMIT = 200;
/** The query of `GET /v1/pilots` as Fastify parsed it: a repeated parameter comes as an array. */
function parsePilotsPageRequest(query) {
    const { limit, cursor } = query;
    let pageLimit = exports.DEFAULT_PILOTS_LIMIT;
    if (limit !== undefined) {
        if (typeof limit !== 'string')
            return { ok: false, field: 'limit', issue: 'repeated' };
        if (!/^\d{1,4}$/.test(limit))
            return { ok: false, field: 'limit', issue: 'invalid' };
        pageLimit = Number(limit);
        if (pageLimit < 1 || pageLimit > exports.MAX_PILOTS_LIMIT)
            return { ok: false, field: 'limit', issue: 'out_of_range' };
    }
    if (cursor === undefined)
        return { ok: true, limit: pageLimit, after: null };
    if (typeof cursor !== 'string')
        return { ok: false, field: 'cursor', issue: 'repeated' };
    const after = decodePilotsCursor(cursor);
    return after ? { ok: true, limit: pageLimit, after } : { ok: false, field: 'cursor', issue: 'invalid' };
}
//# sourceMappingURL=pilots-cursor.js.map