import { createHash } from 'node:crypto';
import { DEVELOPMENT_MASTER_KEY, masterKeyProblem } from './master-key-rules';
import { open, seal } from './aes-gcm';

export { DEVELOPMENT_MASTER_KEY };

export interface MasterKey {
  /** A fingerprint (not the key): which master key wrapped a data key, so a rotation finds the rest. */
  id: string;
  key: Buffer;
}

export function masterKeyOf(base64: string): MasterKey {
  const problem = masterKeyProblem(base64);
  if (problem) throw new Error(`master key ${problem}`);
  const key = Buffer.from(base64.trim(), 'base64');
  return { id: createHash('sha256').update('pft-master-key').update(key).digest('hex').slice(0, 16), key };
}

/**
 * The master key data keys are wrapped with, and the earlier ones still accepted for unwrapping while a
 * rotation rewraps (PFT_PREVIOUS_MASTER_KEYS).
 */
export class MasterKeyRing {
  private readonly byId: Map<string, MasterKey>;

  constructor(
    readonly current: MasterKey,
    previous: readonly MasterKey[] = [],
  ) {
    this.byId = new Map([...previous, current].map((k) => [k.id, k]));
  }

  static fromBase64(current: string, previous: readonly string[] = []): MasterKeyRing {
    return new MasterKeyRing(masterKeyOf(current), previous.map(masterKeyOf));
  }

  /** AES-256-GCM key wrap of a data key, bound to its id and owner by the associated data. */
  wrap(dataKey: Buffer, keyId: string, subjectId: string): { wrapped: Buffer; masterKeyId: string } {
    return {
      wrapped: seal(this.current.key, dataKey, wrapAad(keyId, subjectId)),
      masterKeyId: this.current.id,
    };
  }

  unwrap(wrapped: Buffer, masterKeyId: string, keyId: string, subjectId: string): Buffer {
    const master = this.byId.get(masterKeyId);
    if (!master)
      throw new Error(`data key ${keyId} is wrapped by master key ${masterKeyId}, which is not configured`);
    return open(master.key, wrapped, wrapAad(keyId, subjectId));
  }
}

const wrapAad = (keyId: string, subjectId: string): string => `pft-data-key:${keyId}:${subjectId}`;
