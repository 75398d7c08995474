/** What `endQuietlyOnClosedPipe` needs of process.stdout or process.stderr. */
export interface Pipe {
  on(event: 'error', listener: (error: NodeJS.ErrnoException) => void): unknown;
}

/**
 * A reader that goes away (`pft keys list | head -1`) has all it wanted: the command ends at once,
 * quietly and with exit code 0, as a command killed by SIGPIPE would in a shell. Node ignores SIGPIPE
 * and reports EPIPE as an error event instead, which nothing else would handle. Any other error of
 * the stream is still thrown.
 */
export function endQuietlyOnClosedPipe(pipe: Pipe, exit: (code: number) => void): void {
  pipe.on('error', (error) => {
    if (error.code === 'EPIPE') {
      exit(0);
      return;
    }
    throw error;
  });
}
