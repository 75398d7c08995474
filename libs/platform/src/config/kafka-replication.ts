import { ValidateBy, type ValidationArguments, type ValidationOptions } from 'class-validator';

/**
 * KAFKA_MIN_INSYNC_REPLICAS: at least 1 and at most KAFKA_REPLICATION_FACTOR. More in-sync replicas
 * than replicas would make every send with acks=all fail.
 */
export function IsMinInsyncReplicas(options?: ValidationOptions): PropertyDecorator {
  const factorOf = (args: ValidationArguments): unknown =>
    (args.object as { KAFKA_REPLICATION_FACTOR?: unknown }).KAFKA_REPLICATION_FACTOR;
  return ValidateBy(
    {
      name: 'isMinInsyncReplicas',
      validator: {
        validate: (value: unknown, args?: ValidationArguments) => {
          if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) return false;
          const factor = args ? factorOf(args) : undefined;
          // A bad factor is reported on its own variable.
          return typeof factor !== 'number' || !Number.isInteger(factor) || factor < 1 || value <= factor;
        },
        defaultMessage: (args?: ValidationArguments) =>
          `KAFKA_MIN_INSYNC_REPLICAS must be a whole number from 1 to KAFKA_REPLICATION_FACTOR (${String(args ? factorOf(args) : '?')})`,
      },
    },
    options,
  );
}
