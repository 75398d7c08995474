import { describeKafkaPortContract } from '@pft/testing/kafka-port-contract';
import { createKafka } from '../kafka-factory';

// Through the factory, as KAFKA_CLIENT=platformatic has the apps do.
describeKafkaPortContract('@platformatic/kafka', (brokers, clientId, timing) =>
  createKafka(brokers, clientId, undefined, timing, 'platformatic'),
);
