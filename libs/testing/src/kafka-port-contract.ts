import { describeAdminContract } from './kafka-port-contract.admin';
import { describeClientContract } from './kafka-port-contract.clients';
import { describeGroupContract } from './kafka-port-contract.groups';
import { describeRetentionContract } from './kafka-port-contract.retention';
import { contractContext, type MakeKafkaClient } from './kafka-port-contract.context';

export type { MakeKafkaClient } from './kafka-port-contract.context';

/**
 * What the apps rely on from a Kafka client, against the real broker: each adapter of the Kafka port
 * runs this same suite (`describeKafkaPortContract('kafkajs', …)` in kafka.port.int-spec.ts).
 */
export function describeKafkaPortContract(adapter: string, makeClient: MakeKafkaClient): void {
  describe(`Kafka port contract: ${adapter} against the real broker`, () => {
    const ctx = contractContext(adapter, makeClient);
    describeClientContract(ctx);
    describeAdminContract(ctx);
    describeGroupContract(ctx);
    describeRetentionContract(ctx);
  });
}
