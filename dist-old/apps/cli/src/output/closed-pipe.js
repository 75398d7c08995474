"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.endQuietlyOnClosedPipe = endQuietlyOnClosedPipe;
/**
 * A reader that goes away (`pft keys list | head -1`) has all it wanted: the command ends at once,
 * quietly and with exit code 0, as a command killed by SIGPIPE would in a shell. Node ignores SIGPIPE
 * and reports EPIPE as an error event instead, which nothing else would handle. Any other error of
 * the stream is still thrown.
 */
function endQuietlyOnClosedPipe(pipe, exit) {
    pipe.on('error', (error) => {
        if (error.code === 'EPIPE') {
            exit(0);
            return;
        }
        throw error;
    });
}
//# sourceMappingURL=closed-pipe.js.map