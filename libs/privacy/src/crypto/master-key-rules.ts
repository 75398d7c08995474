/** A master key is 32 bytes (AES-256), given in base64. */
const KEY_BYTES = 32;

/**
 * The master key of a development machine: public, so production refuses it (master-key-variables.ts).
 * 32 bytes, base64.
 */
export const DEVELOPMENT_MASTER_KEY = 'cGZ0LWRldmVsb3BtZW50LW1hc3Rlci1rZXktMzJieXQ=';

/** Why a base64 master key is refused, or null when it is 32 bytes of base64. */
export function masterKeyProblem(value: string): string | null {
  const trimmed = value.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed)) return 'must be base64';
  if (Buffer.from(trimmed, 'base64').length !== KEY_BYTES) return `must be ${KEY_BYTES} bytes (base64)`;
  return null;
}
