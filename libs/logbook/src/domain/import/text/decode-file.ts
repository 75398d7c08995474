import { type ImportRefusal } from '../import.types';
import { MAX_IMPORT_BYTES, MAX_LINE_LENGTH } from './file-bounds';

export type Decoded = { ok: true; text: string } | { ok: false; refusal: ImportRefusal };

const unsupported = (issue: string, message: string, line?: number): Decoded => ({
  ok: false,
  refusal: { code: 'UNSUPPORTED_FILE', issue, message, ...(line === undefined ? {} : { line }) },
});

/** UTF-16 with no byte-order mark shows as a NUL in every other byte of its ASCII text. */
function looksLikeUtf16(bytes: Uint8Array): boolean {
  const sample = Math.min(bytes.length, 512) & ~1;
  if (sample === 0) return false;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < sample; i += 2) {
    if (bytes[i] === 0) even++;
    if (bytes[i + 1] === 0) odd++;
  }
  const pairs = sample / 2;
  return Math.min(even, odd) === 0 && Math.max(even, odd) >= pairs * 0.45;
}

function decodeWith(encoding: string, bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The file's text: UTF-8 (a byte-order mark allowed), or UTF-16 with its byte-order mark. Refused
 * (`IMPORT_TOO_LARGE`, `UNSUPPORTED_FILE`) when too large, binary (a NUL byte), UTF-16 without a
 * byte-order mark, not valid in its encoding, empty, or with a line longer than any logbook's.
 */
export function decodeFile(bytes: Uint8Array): Decoded {
  if (bytes.length > MAX_IMPORT_BYTES) {
    return {
      ok: false,
      refusal: { code: 'IMPORT_TOO_LARGE', issue: 'too_large', message: 'the file is over 20 MB' },
    };
  }
  let text: string | undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = decodeWith('utf-16le', bytes);
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = decodeWith('utf-16be', bytes);
  else if (bytes.includes(0)) {
    return looksLikeUtf16(bytes)
      ? unsupported('utf16_without_bom', 'the file is UTF-16 without a byte-order mark')
      : unsupported('binary', 'the file is not text (it holds a NUL byte)');
  } else text = decodeWith('utf-8', bytes);
  if (text === undefined)
    return unsupported('invalid_encoding', 'the file is not valid UTF-8 or UTF-16 text');
  if (text.includes('\u0000'))
    return unsupported('binary', 'the file is not text (it holds a NUL character)');
  if (text.trim() === '') return unsupported('no_header', 'the file is empty: it has no header row');
  const long = firstLongLine(text);
  if (long !== undefined) {
    return unsupported('line_too_long', `line ${long} is over ${MAX_LINE_LENGTH} characters`, long);
  }
  return { ok: true, text };
}

function firstLongLine(text: string): number | undefined {
  let start = 0;
  for (let line = 1; start <= text.length; line++) {
    const end = text.indexOf('\n', start);
    const stop = end < 0 ? text.length : end;
    if (stop - start > MAX_LINE_LENGTH) return line;
    if (end < 0) return undefined;
    start = end + 1;
  }
  return undefined;
}
