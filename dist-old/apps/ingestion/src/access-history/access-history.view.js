"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MAX_HISTORY_DAYS = exports.DEFAULT_HISTORY_DAYS = void 0;
exports.parseHistoryDays = parseHistoryDays;
exports.firstDayOf = firstDayOf;
exports.accessHistoryView = accessHistoryView;
exports.DEFAULT_HISTORY_DAYS = 90;
exports.MAX_HISTORY_DAYS = 365;
/** `days` from the query: 1 to 365, 90 when absent; null for anything else. */
function parseHistoryDays(value) {
    if (value === undefined)
        return exports.DEFAULT_HISTORY_DAYS;
    if (typeof value !== 'string' || !/^\d{1,3}$/.test(value))
        return null;
    const days = Number(value);
    return days >= 1 && days <= exports.MAX_HISTORY_DAYS ? days : null;
}
/** The first UTC day of the last `days` days up to `now`'s, as `YYYY-MM-DD`. */
function firstDayOf(days, now) {
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    return new Date(today - (days - 1) * 86_400_000).toISOString().slice(0, 10);
}
/**
 * The access history of the period from `fromDay` on: one entry per partner the pilot is connected to
 * now, or that linked, disconnected or read in the period; partners by name. `names`: every partner's.
 */
function accessHistoryView(connections, reads, names, fromDay) {
    const from = Date.parse(`${fromDay}T00:00:00.000Z`);
    const partners = new Map();
    const entry = (id) => {
        let found = partners.get(id);
        if (!found)
            partners.set(id, (found = { partner: { id, name: names.get(id) ?? '' }, events: [], reads: [] }));
        return found;
    };
    for (const c of connections) {
        const inPeriod = (at) => at !== null && at.getTime() >= from;
        if (!inPeriod(c.linked_at) && !inPeriod(c.disconnected_at) && c.disconnected_at !== null)
            continue;
        const access = entry(c.partner_id);
        if (inPeriod(c.linked_at))
            access.events.push({ type: 'linked', at: c.linked_at.toISOString() });
        if (inPeriod(c.disconnected_at))
            access.events.push({ type: 'disconnected', at: c.disconnected_at.toISOString() });
    }
    for (const r of reads) {
        entry(r.partner_id).reads.push({
            date: r.day,
            count: Number(r.reads),
            last_at: r.last_at.toISOString(),
        });
    }
    const list = [...partners.values()];
    for (const access of list) {
        access.events.sort((a, b) => b.at.localeCompare(a.at) || (a.type === 'disconnected' ? -1 : 1));
        access.reads.sort((a, b) => b.date.localeCompare(a.date));
    }
    return {
        partners: list.sort((a, b) => a.partner.name.localeCompare(b.partner.name) || a.partner.id.localeCompare(b.partner.id)),
    };
}
//# sourceMappingURL=access-history.view.js.map