"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AppLogger = void 0;
/**
 * Nest's logger as JSON lines through pino; every line carries the Nest `context`. A line about a
 * request carries `reqId` (the id the client gets as `meta.request_id`) because its caller passes it,
 * as in `logger.warn({ err, reqId }, 'message')`: the request id travels explicitly, never in an
 * AsyncLocalStorage, whose upkeep on every await of every request costs the hot path.
 *
 * Nest's Logger hands its context over as the last parameter; a first parameter that is an object
 * is merged into the line (an Error becomes `err`), as in `logger.warn({ err }, 'message')`.
 */
class AppLogger {
    pino;
    constructor(pino) {
        this.pino = pino;
    }
    log(message, ...params) {
        this.write('info', message, params);
    }
    error(message, ...params) {
        this.write('error', message, params);
    }
    warn(message, ...params) {
        this.write('warn', message, params);
    }
    debug(message, ...params) {
        this.write('debug', message, params);
    }
    verbose(message, ...params) {
        this.write('trace', message, params);
    }
    fatal(message, ...params) {
        this.write('fatal', message, params);
    }
    write(level, message, params) {
        if (!this.pino.isLevelEnabled(level))
            return;
        const line = {};
        const rest = params.length > 0 ? params.slice(0, -1) : params;
        if (params.length > 0 && params[params.length - 1] !== undefined)
            line.context = params[params.length - 1];
        if (message instanceof Error) {
            line.err = message;
            this.pino[level](line, message.message);
        }
        else if (typeof message === 'object' && message !== null) {
            Object.assign(line, message);
            this.pino[level](line, typeof rest[0] === 'string' ? rest[0] : undefined);
        }
        else {
            // Nest's own error lines pass a stack as the parameter before the context.
            if (level === 'error' && typeof rest[0] === 'string')
                line.stack = rest[0];
            this.pino[level](line, String(message));
        }
    }
}
exports.AppLogger = AppLogger;
//# sourceMappingURL=app-logger.js.map