/** '000' to '999', the three digits of each group of a number written by `decimalText`. */
const GROUPS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));

/**
 * A non-negative safe integer in decimal digits, as `String(n)` writes it, built from groups of three
 * digits. Not through `String(n)`: V8 keeps the text of the numbers it converts in a cache of its own,
 * so a number that changes on every request (a rate limit's remaining count) left a string per
 * request held there past the young generation's collections: most of what the partner API moved to
 * its old generation under reads, which is what set off its mark-compact collections.
 */
export function decimalText(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) return String(n);
  if (n < 1000) return GROUPS[n]!.slice(n < 10 ? 2 : n < 100 ? 1 : 0);
  let text = GROUPS[n % 1000]!;
  let rest = Math.floor(n / 1000);
  while (rest >= 1000) {
    text = GROUPS[rest % 1000]! + text;
    rest = Math.floor(rest / 1000);
  }
  return GROUPS[rest]!.slice(rest < 10 ? 2 : rest < 100 ? 1 : 0) + text;
}
