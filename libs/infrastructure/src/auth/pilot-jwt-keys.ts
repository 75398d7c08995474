import { createPublicKey, createSecretKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { type JwtAlgorithm } from './pilot-jwt';

/** Where the key that checks a token's signature comes from. */
export interface JwtKeySource {
  accepts(alg: JwtAlgorithm): boolean;
  keyFor(alg: JwtAlgorithm, kid: string | undefined): Promise<KeyObject | undefined>;
}

/** The shared local secret: HS256 only, so a token can never pick a weaker path. */
export class SecretKeySource implements JwtKeySource {
  private readonly key: KeyObject;
  constructor(secret: string) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }
  accepts(alg: JwtAlgorithm): boolean {
    return alg === 'HS256';
  }
  keyFor(): Promise<KeyObject> {
    return Promise.resolve(this.key);
  }
}

/** One PEM public key (RSA, EC or Ed25519); never HMAC, which would let the public key sign. */
export class PublicKeySource implements JwtKeySource {
  private readonly key: KeyObject;
  constructor(pem: string) {
    this.key = createPublicKey(pem.replace(/\\n/g, '\n'));
  }
  accepts(alg: JwtAlgorithm): boolean {
    return alg !== 'HS256';
  }
  keyFor(): Promise<KeyObject> {
    return Promise.resolve(this.key);
  }
}

interface Jwk extends JsonWebKey {
  kid?: string;
  use?: string;
}

/**
 * The identity provider's key set, fetched from its JWKS URL and kept for `maxAgeMs`; a token
 * naming an unknown `kid` refetches it (at most every `refetchAfterMs`), so key rotation needs no restart.
 */
export class JwksKeySource implements JwtKeySource {
  private keys = new Map<string, KeyObject>();
  private fetchedAt = 0;
  private pending?: Promise<void>;

  constructor(
    private readonly url: string,
    private readonly maxAgeMs = 10 * 60_000,
    private readonly refetchAfterMs = 30_000,
  ) {}

  accepts(alg: JwtAlgorithm): boolean {
    return alg !== 'HS256';
  }

  async keyFor(_alg: JwtAlgorithm, kid: string | undefined): Promise<KeyObject | undefined> {
    const age = Date.now() - this.fetchedAt;
    if (age > this.maxAgeMs || (kid !== undefined && !this.keys.has(kid) && age > this.refetchAfterMs)) {
      await this.refresh();
    }
    if (kid !== undefined) return this.keys.get(kid);
    return this.keys.size === 1 ? [...this.keys.values()][0] : undefined;
  }

  private refresh(): Promise<void> {
    this.pending ??= this.fetchKeys().finally(() => (this.pending = undefined));
    return this.pending;
  }

  private async fetchKeys(): Promise<void> {
    const response = await fetch(this.url, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`JWKS ${this.url} answered ${response.status}`);
    const body = (await response.json()) as { keys?: Jwk[] };
    const keys = new Map<string, KeyObject>();
    (body.keys ?? []).forEach((jwk, i) => {
      if (jwk.use !== undefined && jwk.use !== 'sig') return;
      try {
        keys.set(jwk.kid ?? `#${i}`, createPublicKey({ key: jwk, format: 'jwk' }));
      } catch {
        // A key type this runtime cannot read is skipped; tokens signed with it are refused.
      }
    });
    this.keys = keys;
    this.fetchedAt = Date.now();
  }
}

export function pilotJwtKeyOf(config: {
  JWT_SECRET: string;
  JWT_PUBLIC_KEY?: string;
  JWKS_URL?: string;
}): JwtKeySource {
  if (config.JWKS_URL) return new JwksKeySource(config.JWKS_URL);
  if (config.JWT_PUBLIC_KEY) return new PublicKeySource(config.JWT_PUBLIC_KEY);
  return new SecretKeySource(config.JWT_SECRET);
}
