import { describeKafkaPortContract } from '@pft/testing/kafka-port-contract';
import { createPlatformaticClient } from '.';

describeKafkaPortContract('@platformatic/kafka', (brokers, clientId, timing) =>
  createPlatformaticClient({ brokers: brokers.split(','), clientId, timing }),
);
