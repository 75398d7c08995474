"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.LiveAnswers1763800900000 = void 0;
/**
 * Per connection, the highest logbook stream version a partner was answered with totals computed live
 * from the write side (a linked pilot the projection has no row for yet). Reads go on being computed
 * live until the projection's row reaches it, so a partner never sees a pilot's totals go back to an
 * older state when the projection's first, still partial, row appears. Kept apart from `connections`:
 * it records what reads answered, not the pilot's consent, and a read never changes consent data.
 * (A column of `connections` held it briefly before; it is dropped where it was made.)
 */
class LiveAnswers1763800900000 {
    name = 'LiveAnswers1763800900000';
    async up(q) {
        await q.query(`
      create table live_answers (
        connection_id   uuid primary key,
        stream_version  integer not null check (stream_version > 0)
      )`);
        await q.query('alter table connections drop column if exists live_stream_version');
    }
    async down(q) {
        await q.query('drop table live_answers');
    }
}
exports.LiveAnswers1763800900000 = LiveAnswers1763800900000;
//# sourceMappingURL=1763800900000-live-answers.js.map