import { DataKeys } from './data-keys';
import { DEVELOPMENT_MASTER_KEY, MasterKeyRing } from './master-keys';

let shared: DataKeys | undefined;

/**
 * The master keys of this process's environment: PFT_MASTER_KEY (the development key when unset
 * outside production; loadConfig refuses it unset in production) and PFT_PREVIOUS_MASTER_KEYS, comma
 * separated, still read during a rotation.
 */
export function masterKeyRingFromEnv(env: NodeJS.ProcessEnv = process.env): MasterKeyRing {
  const current = env.PFT_MASTER_KEY?.trim();
  if (!current && env.NODE_ENV === 'production') throw new Error('PFT_MASTER_KEY is required in production');
  const previous = (env.PFT_PREVIOUS_MASTER_KEYS ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '');
  return MasterKeyRing.fromBase64(current || DEVELOPMENT_MASTER_KEY, previous);
}

/**
 * The data keys of this process, one cache for every reader and writer in it: the event store's
 * appends, the projector, the webhooks intake, the CLI. Made on first use from the environment.
 */
export function sharedDataKeys(): DataKeys {
  shared ??= new DataKeys(masterKeyRingFromEnv());
  return shared;
}
