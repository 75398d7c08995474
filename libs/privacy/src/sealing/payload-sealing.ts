import {
  type PayloadOpener,
  type PayloadSealer,
  type SubjectSealing,
} from '@pft/event-store/payload-sealing';
import { type Queryable } from '@pft/platform/database/queryable';
import { type DataKeys } from '../crypto/data-keys';
import { type BoxOpener, boxOpener, sealJson } from '../crypto/sealed-json';
import { sharedDataKeys } from '../crypto/shared-data-keys';

/**
 * The event store's sealing and opening of the pilots' payloads (its PayloadSealer and PayloadOpener
 * ports), with the data keys of `keys`: each payload sealed with its pilot's key, opened on the
 * process's opening thread when a batch is worth it (boxOpener).
 */
export class DataKeySealing implements PayloadSealer, PayloadOpener {
  private readonly keysOf: () => DataKeys;

  /** `keys`: the data keys, or what gives them on first use (the process's own: made from the environment then). */
  constructor(keys: DataKeys | (() => DataKeys)) {
    this.keysOf = typeof keys === 'function' ? keys : () => keys;
  }

  get keys(): DataKeys {
    return this.keysOf();
  }

  async sealingFor(runner: Queryable, subject: string): Promise<SubjectSealing> {
    const key = await this.keys.keyToSeal(runner, subject);
    return { keyId: key.keyId, seal: (payload, aad) => sealJson(payload, key, aad) };
  }

  forgetSubject(subject: string): void {
    this.keys.forgetSubject(subject);
  }

  openerOn(runner: Queryable): BoxOpener {
    return boxOpener(this.keys, runner);
  }
}

let shared: DataKeySealing | undefined;

/**
 * The sealing with the process's own data keys (sharedDataKeys): what every app's event store uses.
 * The keys are made from the environment on first use, not when an app wires the sealing in.
 */
export function sharedPayloadSealing(): DataKeySealing {
  shared ??= new DataKeySealing(sharedDataKeys);
  return shared;
}
