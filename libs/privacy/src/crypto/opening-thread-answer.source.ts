/**
 * The opening thread's answer (plain JavaScript, evaluated there with OPENING_THREAD_SOURCE): the bytes
 * it writes for a request, one message after another, before they are copied to the caller.
 */
export const OPENING_THREAD_ANSWER_SOURCE = `
/**
 * The answer being written: its buffer (made larger when a message needs it) and how much is written.
 * It is written in this thread's own memory, kept for the next request, and copied into the shared
 * slot whole: written piece by piece into shared memory, each piece went byte by byte (V8 copies into
 * a SharedArrayBuffer in words only when both ends are aligned alike).
 */
const answer = { out: Buffer.allocUnsafeSlow(1024 * 1024), at: 0 };

/** Room for \`bytes\` more bytes in the answer. */
function room(bytes) {
  if (answer.at + bytes <= answer.out.length) return;
  const larger = Buffer.allocUnsafeSlow(Math.max(2 * answer.out.length, answer.at + bytes));
  answer.out.copy(larger, 0, 0, answer.at);
  answer.out = larger;
}

/** Up to this many bytes are copied one by one: a call to Buffer's copy costs more. */
const SHORT_COPY = 64;

function writeBytes(from, start, end) {
  room(end - start);
  if (end - start > SHORT_COPY) {
    answer.at += from.copy(answer.out, answer.at, start, end);
    return;
  }
  const out = answer.out;
  let at = answer.at;
  for (let i = start; i < end; i++) out[at++] = from[i];
  answer.at = at;
}

function writeText(text) {
  room(3 * text.length);
  answer.at += answer.out.write(text, answer.at, 'utf8');
}
`;
