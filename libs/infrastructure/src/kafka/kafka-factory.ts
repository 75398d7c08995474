import { Kafka, logLevel, type LogEntry } from 'kafkajs';
import { type Logger } from '@nestjs/common';

const LEVELS: Record<number, 'error' | 'warn' | 'log' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'log',
  [logLevel.DEBUG]: 'debug',
};

export function createKafka(brokers: string, clientId: string, logger?: Logger): Kafka {
  return new Kafka({
    clientId,
    brokers: brokers.split(','),
    connectionTimeout: 3000,
    requestTimeout: 30000,
    retry: { initialRetryTime: 200, retries: 8 },
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
