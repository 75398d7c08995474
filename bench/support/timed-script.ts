import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { type KafkaClientName } from '@pft/platform';
import { TEST_BUILD_DIR } from '@pft/testing';

/**
 * A script's environment to make the apps' Kafka client on `client` (createKafka of PFT_KAFKA_FACTORY,
 * the test build's factory: the scripts read through the same port and adapter as the apps).
 */
export const kafkaScriptEnv = (brokers: string, client: KafkaClientName): Record<string, string> => ({
  KAFKA_BROKERS: brokers,
  PFT_KAFKA_FACTORY: join(TEST_BUILD_DIR, 'libs', 'platform', 'src', 'kafka', 'kafka-factory'),
  PFT_KAFKA_CLIENT: client,
});

/**
 * Runs `script` with `args` in a Node process of its own from the repository's root, like the apps
 * (jest's sandbox runs it several times slower): the seconds of the `{"seconds": ...}` line it prints last.
 */
export function runTimedScript(
  name: string,
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<number> {
  const child = spawn(process.execPath, ['-e', script, ...args], {
    cwd: join(__dirname, '..', '..'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`${name} exited ${String(code)}: ${output}`));
      resolve((JSON.parse(output.trim().split('\n').pop()!) as { seconds: number }).seconds);
    });
  });
}
