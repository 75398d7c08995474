export { createKafkajsClient } from './kafkajs-client';
