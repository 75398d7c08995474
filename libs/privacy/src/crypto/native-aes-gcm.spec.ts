import { createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOES_NOT_OPEN, newDataKey, openNatively, openWithNodeCrypto, seal } from './aes-gcm';
import { nativeAesGcm, nativeAesGcmPath, type NativeAesGcm } from './native-aes-gcm';

/** node:crypto's opening, written out here as the yardstick the native opener is held to. */
function nodeCryptoOpen(key: Buffer, sealed: Buffer, aad: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12), { authTagLength: 16 });
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  return Buffer.concat([decipher.update(sealed.subarray(12, sealed.length - 16)), decipher.final()]);
}

describe('the native AES-256-GCM opener', () => {
  // The set-up builds it (scripts/build-native.js): its absence here is a broken build, not a choice.
  const native = nativeAesGcm() as NativeAesGcm;

  it('was built, and is found from the sources', () => {
    expect(nativeAesGcmPath()).toMatch(/\.native\/aes-gcm-open\.node$/);
    expect(native).not.toBeNull();
  });

  it('opens what was sealed, of every length, as node:crypto does', () => {
    const key = newDataKey();
    for (const length of [0, 1, 15, 16, 17, 500, 4099]) {
      const text = randomBytes(length);
      const aad = `pft-event:${length}`;
      const sealed = seal(key, text, aad);
      expect(nodeCryptoOpen(key, sealed, aad)).toEqual(text);
      expect(openNatively(native, key, sealed, aad)).toEqual(text);
      expect(openWithNodeCrypto(key, sealed, aad)).toEqual(text);
    }
  });

  it('writes from where it is told, and only the plaintext', () => {
    const key = newDataKey();
    const text = Buffer.from('{"registration":"D-EABC"}');
    const out = Buffer.alloc(100, 0x2a);
    expect(native.open(key, seal(key, text, 'a'), Buffer.from('a'), out, 10)).toBe(text.length);
    expect(out.subarray(10, 10 + text.length)).toEqual(text);
    expect(out.subarray(0, 10).every((b) => b === 0x2a)).toBe(true);
    expect(out.subarray(10 + text.length).every((b) => b === 0x2a)).toBe(true);
  });

  it('refuses another key, other associated data and any changed bit, leaving nothing of it behind', () => {
    const key = newDataKey();
    const text = Buffer.from('{"remarks":"checkride"}');
    const sealed = seal(key, text, 'event-1');
    const changed = (at: number) => {
      const copy = Buffer.from(sealed);
      copy[at]! ^= 1;
      return copy;
    };
    const refusals: [Buffer, Buffer, string][] = [
      [newDataKey(), sealed, 'event-1'],
      [key, sealed, 'event-2'],
      [key, sealed, ''],
      [key, changed(0), 'event-1'], // the nonce
      [key, changed(12), 'event-1'], // the ciphertext
      [key, changed(sealed.length - 1), 'event-1'], // the tag
      [key, sealed.subarray(0, 27), 'event-1'], // too short to hold a nonce and a tag
    ];
    for (const [k, s, aad] of refusals) {
      const out = Buffer.alloc(64, 0x2a);
      expect(native.open(k, s, Buffer.from(aad), out, 0)).toBe(-1);
      if (s.length >= 28) expect(out.subarray(0, s.length - 28).every((b) => b === 0)).toBe(true);
      expect(() => nodeCryptoOpen(k, s, aad)).toThrow();
    }
    expect(() => openNatively(native, newDataKey(), sealed, 'event-1')).toThrow(DOES_NOT_OPEN);
    expect(() => openWithNodeCrypto(newDataKey(), sealed, 'event-1')).toThrow(DOES_NOT_OPEN);
    // Refusals leave its cipher context ready for the next value.
    expect(openNatively(native, key, sealed, 'event-1')).toEqual(text);
  });

  it('throws on what no caller should give: a key not 32 bytes, no room, not buffers', () => {
    const key = newDataKey();
    const sealed = seal(key, Buffer.from('0123456789'), 'a');
    const aad = Buffer.from('a');
    expect(() => native.open(key.subarray(0, 16), sealed, aad, Buffer.alloc(64), 0)).toThrow(/32 bytes/);
    expect(() => native.open(key, sealed, aad, Buffer.alloc(9), 0)).toThrow(/no room/);
    expect(() => native.open(key, sealed, aad, Buffer.alloc(64), 60)).toThrow(/no room/);
    expect(() => native.open(key, sealed, aad, Buffer.alloc(64), -1)).toThrow(/no room/);
    expect(() =>
      (native.open as (...args: unknown[]) => number)(key, 'sealed', aad, Buffer.alloc(64), 0),
    ).toThrow(/must be buffers/);
  });

  it('is not found where it was not built', () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'pft-native-'));
    mkdirSync(join(elsewhere, 'a/b'), { recursive: true });
    expect(nativeAesGcmPath(join(elsewhere, 'a/b'))).toBeNull();
    mkdirSync(join(elsewhere, '.native'));
    writeFileSync(join(elsewhere, '.native/aes-gcm-open.node'), '');
    expect(nativeAesGcmPath(join(elsewhere, 'a/b'))).toBe(join(elsewhere, '.native/aes-gcm-open.node'));
    rmSync(elsewhere, { recursive: true });
  });
});
