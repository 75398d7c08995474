"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MIGRATIONS = void 0;
const _1763800000000_event_store_1 = require("./1763800000000-event-store");
const _1763800200000_projections_1 = require("./1763800200000-projections");
const _1763800400000_active_view_versions_1 = require("./1763800400000-active-view-versions");
const _1763800600000_outbox_without_foreign_key_1 = require("./1763800600000-outbox-without-foreign-key");
const _1763800900000_live_answers_1 = require("./1763800900000-live-answers");
const _1763801100000_relay_leases_1 = require("./1763801100000-relay-leases");
const _1763801300000_outbox_in_flight_1 = require("./1763801300000-outbox-in-flight");
const _1763801500000_connections_by_partner_1 = require("./1763801500000-connections-by-partner");
const _1763801700000_idempotency_keys_1 = require("./1763801700000-idempotency-keys");
const _1763803000000_sandbox_1 = require("./1763803000000-sandbox");
const _1763803500000_webhooks_1 = require("./1763803500000-webhooks");
const _1763804000000_access_history_1 = require("./1763804000000-access-history");
const _1763804500000_pilot_data_keys_1 = require("./1763804500000-pilot-data-keys");
/** Every migration, oldest first. Listed by hand so the same list works from sources and from the build. */
exports.MIGRATIONS = [
    _1763800000000_event_store_1.EventStore1763800000000,
    _1763800200000_projections_1.Projections1763800200000,
    _1763800400000_active_view_versions_1.ActiveViewVersions1763800400000,
    _1763800600000_outbox_without_foreign_key_1.OutboxWithoutForeignKey1763800600000,
    _1763800900000_live_answers_1.LiveAnswers1763800900000,
    _1763801100000_relay_leases_1.RelayLeases1763801100000,
    _1763801300000_outbox_in_flight_1.OutboxInFlight1763801300000,
    _1763801500000_connections_by_partner_1.ConnectionsByPartner1763801500000,
    _1763801700000_idempotency_keys_1.IdempotencyKeys1763801700000,
    _1763803000000_sandbox_1.Sandbox1763803000000,
    _1763803500000_webhooks_1.Webhooks1763803500000,
    _1763804000000_access_history_1.AccessHistory1763804000000,
    _1763804500000_pilot_data_keys_1.PilotDataKeys1763804500000,
];
//# sourceMappingURL=index.js.map