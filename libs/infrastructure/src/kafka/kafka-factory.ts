import { Kafka, logLevel, type KafkaConfig, type LogEntry } from 'kafkajs';
import { type Logger } from '@nestjs/common';

const LEVELS: Record<number, 'error' | 'warn' | 'log' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'log',
  [logLevel.DEBUG]: 'debug',
};

/** Timeouts and retries a caller may set otherwise (the command line gives up within seconds). */
export type KafkaTiming = Pick<KafkaConfig, 'connectionTimeout' | 'requestTimeout' | 'retry'>;

export function createKafka(brokers: string, clientId: string, logger?: Logger, timing?: KafkaTiming): Kafka {
  return new Kafka({
    clientId,
    brokers: brokers.split(','),
    connectionTimeout: 3000,
    requestTimeout: 30000,
    retry: { initialRetryTime: 200, retries: 8 },
    ...timing,
    logLevel: logLevel.WARN,
    logCreator:
      () =>
      ({ namespace, level, log }: LogEntry) => {
        if (!logger) return;
        const { message, ...extra } = log;
        logger[LEVELS[level] ?? 'log']({ namespace, ...extra }, message);
      },
  });
}
