import { describeKafkaPortContract } from '@pft/testing/kafka-port-contract';
import { createKafkajsClient } from './kafkajs';

describeKafkaPortContract('kafkajs', (brokers, clientId, timing) =>
  createKafkajsClient({ brokers: brokers.split(','), clientId, timing }),
);
