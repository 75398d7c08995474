"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.IsMinInsyncReplicas = IsMinInsyncReplicas;
const class_validator_1 = require("class-validator");
/**
 * KAFKA_MIN_INSYNC_REPLICAS: at least 1 and at most KAFKA_REPLICATION_FACTOR. More in-sync replicas
 * than replicas would make every send with acks=all fail.
 */
function IsMinInsyncReplicas(options) {
    const factorOf = (args) => args.object.KAFKA_REPLICATION_FACTOR;
    return (0, class_validator_1.ValidateBy)({
        name: 'isMinInsyncReplicas',
        validator: {
            validate: (value, args) => {
                if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
                    return false;
                const factor = args ? factorOf(args) : undefined;
                // A bad factor is reported on its own variable.
                return typeof factor !== 'number' || !Number.isInteger(factor) || factor < 1 || value <= factor;
            },
            defaultMessage: (args) => `KAFKA_MIN_INSYNC_REPLICAS must be a whole number from 1 to KAFKA_REPLICATION_FACTOR (${String(args ? factorOf(args) : '?')})`,
        },
    }, options);
}
//# sourceMappingURL=kafka-replication.js.map