"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.runMain = runMain;
const common_1 = require("@nestjs/common");
const load_config_1 = require("./config/load-config");
const logging_module_1 = require("./logging/logging.module");
const process_warnings_1 = require("./logging/process-warnings");
/**
 * Runs an app's start function. Configuration is read and validated first, so a bad variable stops
 * the process with one clear message naming it instead of a stack trace. On SIGTERM or SIGINT the
 * app is closed (it stops taking work and runs its shutdown hooks) and the process exits 0, or 1
 * when closing takes longer than SHUTDOWN_TIMEOUT_MS.
 */
function runMain(name, start) {
    let config;
    try {
        config = (0, load_config_1.loadConfig)();
    }
    catch (err) {
        if (err instanceof load_config_1.ConfigError) {
            process.stderr.write(`${name}: ${err.message}\n`);
            process.exit(78);
        }
        throw err;
    }
    // From here every line is JSON through pino, written when it happens: this runner's own, and any
    // Nest Logger's, also before an app exists (the standalone relay has none).
    const log = (0, logging_module_1.appLogger)(config.LOG_LEVEL);
    common_1.Logger.overrideLogger(log);
    (0, process_warnings_1.logProcessWarnings)(log);
    // As Node would (exit 1), but as a JSON line instead of a bare stack trace.
    process.once('uncaughtException', (err) => {
        log.fatal({ err }, 'uncaught exception', name);
        process.exit(1);
    });
    start(config)
        .then((app) => {
        let closing = false;
        const shutdown = (signal) => {
            if (closing)
                return;
            closing = true;
            log.log(`${signal} received, shutting down`, name);
            const timer = setTimeout(() => {
                log.error(`shutdown took longer than ${config.SHUTDOWN_TIMEOUT_MS} ms`, undefined, name);
                process.exit(1);
            }, config.SHUTDOWN_TIMEOUT_MS);
            timer.unref();
            app.close().then(() => process.exit(0), (err) => {
                log.error({ err }, 'shutdown failed', name);
                process.exit(1);
            });
        };
        process.once('SIGTERM', shutdown);
        process.once('SIGINT', shutdown);
    })
        .catch((err) => {
        log.fatal({ err }, 'failed to start', name);
        process.exit(1);
    });
}
//# sourceMappingURL=main-runner.js.map