"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.registerProjectionsCommands = registerProjectionsCommands;
const commander_1 = require("commander");
const access_1 = require("../../../../libs/access/src/index.js");
const platform_1 = require("../../../../libs/platform/src/index.js");
const projections_1 = require("../../../../libs/projections/src/index.js");
const cli_error_1 = require("../cli-error");
const reach_kafka_1 = require("../kafka/reach-kafka");
const output_1 = require("../output/output");
const progress_reporter_1 = require("../progress/progress-reporter");
const tell_partner_api_1 = require("./tell-partner-api");
const iso = (d) => (d ? d.toISOString() : '-');
function printStatus(out, status) {
    out.print(`${status.projection} (topic ${status.topic}), last switched ${iso(status.switchedAt)}`);
    for (const v of status.versions) {
        out.print(`\n  version ${v.version} (${v.role}): lag ${v.lag}, dead letters ${v.deadLetters}`);
        if (v.lastDeadLetter) {
            const d = v.lastDeadLetter;
            out.print(`    last dead letter ${iso(d.at)} at partition ${d.partition} offset ${d.offset}: ${d.reason}`);
        }
        out.print('    partition        end       next        lag  complete through');
        for (const p of v.partitions) {
            out.print(`    ${String(p.partition).padStart(9)} ${String(p.end).padStart(10)} ${String(p.next).padStart(10)} ${String(p.lag).padStart(10)}  ${iso(p.completeThrough)}`);
        }
    }
}
function intervalArgument(value) {
    const seconds = Number(value);
    if (!/^\d+(\.\d+)?$/.test(value) || seconds <= 0 || seconds > 3600)
        throw new commander_1.InvalidArgumentError('the interval is a number of seconds above 0, at most 3600');
    return seconds;
}
function registerProjectionsCommands(program, out = output_1.consoleOutput) {
    const projections = program.command('projections').description('the read-side projections (pilot totals)');
    projections
        .command('status')
        .description('active version per projection, lag per partition, dead letters')
        .option('--json', 'print JSON')
        .action(async (options) => {
        const config = (0, platform_1.loadConfig)();
        const kafka = await (0, reach_kafka_1.reachKafka)(config, out);
        const dataSource = await (0, platform_1.createDataSource)(config.DATABASE_URL, 2).initialize();
        try {
            const status = await (0, projections_1.readProjectionStatus)(dataSource, kafka, config.PILOT_EVENTS_TOPIC);
            if (options.json)
                (0, output_1.printJson)(out, status);
            else
                printStatus(out, status);
        }
        finally {
            await dataSource.destroy();
        }
    });
    projections
        .command('rebuild')
        .argument('<name>', `the projection to rebuild (${projections_1.PILOT_TOTALS_PROJECTION})`)
        .description('build the next version from offset 0 while the active one serves, switch readers once caught up, drop the old tables; run again to resume. ' +
        'Progress goes to stderr: a bar in a terminal, a line every --progress-interval seconds without one')
        .option('--progress-interval <seconds>', 'without a terminal, seconds between progress lines', intervalArgument, 5)
        .option('--json', 'print the result as JSON')
        .action(async (name, options) => {
        if (name !== projections_1.PILOT_TOTALS_PROJECTION)
            throw new cli_error_1.CliError('UNKNOWN_PROJECTION', `unknown projection ${name}; known: ${projections_1.PILOT_TOTALS_PROJECTION}`);
        const config = (0, platform_1.loadConfig)();
        const kafka = await (0, reach_kafka_1.reachKafka)(config, out);
        const dataSource = await (0, platform_1.createDataSource)(config.DATABASE_URL, config.DATABASE_POOL_SIZE).initialize();
        const abort = new AbortController();
        const interrupt = () => abort.abort();
        process.once('SIGINT', interrupt);
        process.once('SIGTERM', interrupt);
        const progress = (0, progress_reporter_1.startProgress)({ stream: process.stderr, intervalMs: options.progressInterval * 1000 });
        try {
            const result = await (0, projections_1.rebuildPilotTotals)({
                kafka,
                dataSource,
                topic: config.PILOT_EVENTS_TOPIC,
                deadLetterTopic: config.DEAD_LETTER_TOPIC,
                concurrency: Math.max(1, Math.min(8, config.DATABASE_POOL_SIZE - 2)),
                signal: abort.signal,
                afterSwitch: async () => {
                    const failure = await (0, tell_partner_api_1.tellPartnerApi)(config, access_1.announcePartnerReadChange);
                    if (failure !== undefined)
                        out.warn(`Readers are switched, but Redis could not be told (${failure}); partner API replicas may ` +
                            'answer from memory for up to PARTNER_TOTALS_CACHE_MS.');
                },
                onProgress: ({ version, ...snapshot }) => progress.update(`${projections_1.PILOT_TOTALS_PROJECTION} version ${version}`, snapshot),
            });
            progress.stop();
            if (options.json)
                (0, output_1.printJson)(out, result);
            else
                out.print(`${result.resumed ? 'resumed and ' : ''}built version ${result.version} from ${result.messages} events in ${result.seconds.toFixed(1)} s; readers switched from version ${result.previous}, its tables dropped`);
        }
        catch (err) {
            progress.stop();
            if (err instanceof projections_1.RebuildInterruptedError) {
                out.warn(err.message);
                process.exitCode = 130;
                return;
            }
            throw err;
        }
        finally {
            process.off('SIGINT', interrupt);
            process.off('SIGTERM', interrupt);
            await dataSource.destroy();
        }
    });
}
//# sourceMappingURL=projections.command.js.map