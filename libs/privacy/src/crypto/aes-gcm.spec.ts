import { KEY_BYTES, newDataKey, open, seal } from './aes-gcm';
import { masterKeyProblem } from './master-key-rules';
import { DEVELOPMENT_MASTER_KEY, MasterKeyRing, masterKeyOf } from './master-keys';

describe('AES-256-GCM sealing', () => {
  const key = newDataKey();
  const text = Buffer.from('D-EABC from EDDF to EDFE: checkride', 'utf8');

  it('opens what it sealed, with the same key and associated data', () => {
    expect(open(key, seal(key, text, 'event-1'), 'event-1')).toEqual(text);
  });

  it('never shows the plaintext, and seals the same text differently each time (random nonce)', () => {
    const a = seal(key, text, 'event-1');
    const b = seal(key, text, 'event-1');
    expect(a.includes(Buffer.from('D-EABC'))).toBe(false);
    expect(a.equals(b)).toBe(false);
    expect(a.length).toBe(12 + text.length + 16);
  });

  it('never uses a nonce twice, across the draws of random bytes they come from', () => {
    const sealed = Array.from({ length: 3000 }, () => seal(key, text, 'event-1'));
    expect(new Set(sealed.map((s) => s.subarray(0, 12).toString('hex'))).size).toBe(3000);
    for (const s of sealed.slice(-5)) expect(open(key, s, 'event-1')).toEqual(text);
  });

  it('refuses another key, other associated data and a single changed bit', () => {
    const sealed = seal(key, text, 'event-1');
    expect(() => open(newDataKey(), sealed, 'event-1')).toThrow();
    expect(() => open(key, sealed, 'event-2')).toThrow();
    const flipped = Buffer.from(sealed);
    flipped[20] = flipped[20]! ^ 1;
    expect(() => open(key, flipped, 'event-1')).toThrow();
    expect(() => open(key, sealed.subarray(0, 10), 'event-1')).toThrow('too short');
  });

  it('opens with a copy of the key as with the key itself, and never with a key sealed under before it', () => {
    const sealed = seal(key, text, 'event-1');
    expect(open(Buffer.from(key), sealed, 'event-1')).toEqual(text);
    const other = newDataKey();
    expect(open(other, seal(other, text, 'event-1'), 'event-1')).toEqual(text);
    expect(() => open(other, sealed, 'event-1')).toThrow();
  });

  it('makes data keys of 32 random bytes', () => {
    expect(newDataKey()).toHaveLength(KEY_BYTES);
    expect(newDataKey().equals(newDataKey())).toBe(false);
  });
});

describe('master keys', () => {
  const other = Buffer.alloc(32, 7).toString('base64');

  it('accepts 32 bytes of base64 only, saying why not', () => {
    expect(masterKeyProblem(DEVELOPMENT_MASTER_KEY)).toBeNull();
    expect(masterKeyProblem('not base64!')).toBe('must be base64');
    expect(masterKeyProblem(Buffer.alloc(16).toString('base64'))).toBe('must be 32 bytes (base64)');
  });

  it('names each key by a fingerprint that is not the key', () => {
    const { id, key } = masterKeyOf(other);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(key.toString('hex')).not.toContain(id);
    expect(masterKeyOf(DEVELOPMENT_MASTER_KEY).id).not.toBe(id);
  });

  it('unwraps what it wrapped, bound to the key id and subject', () => {
    const ring = MasterKeyRing.fromBase64(other);
    const dataKey = newDataKey();
    const { wrapped, masterKeyId } = ring.wrap(dataKey, 'k1', 'pilot-1');
    expect(ring.unwrap(wrapped, masterKeyId, 'k1', 'pilot-1')).toEqual(dataKey);
    expect(() => ring.unwrap(wrapped, masterKeyId, 'k1', 'pilot-2')).toThrow();
    expect(() => ring.unwrap(wrapped, masterKeyId, 'k2', 'pilot-1')).toThrow();
  });

  it('after a rotation, unwraps with a previous key only while it is listed', () => {
    const before = MasterKeyRing.fromBase64(DEVELOPMENT_MASTER_KEY);
    const dataKey = newDataKey();
    const { wrapped, masterKeyId } = before.wrap(dataKey, 'k1', 'p');
    const rotated = MasterKeyRing.fromBase64(other, [DEVELOPMENT_MASTER_KEY]);
    expect(rotated.unwrap(wrapped, masterKeyId, 'k1', 'p')).toEqual(dataKey);
    expect(rotated.wrap(dataKey, 'k1', 'p').masterKeyId).toBe(masterKeyOf(other).id);
    expect(() => MasterKeyRing.fromBase64(other).unwrap(wrapped, masterKeyId, 'k1', 'p')).toThrow(
      'not configured',
    );
  });
});
