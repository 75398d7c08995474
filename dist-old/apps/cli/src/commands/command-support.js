"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.withDatabase = withDatabase;
exports.partnerIdArgument = partnerIdArgument;
const commander_1 = require("commander");
const domain_1 = require("../../../../libs/domain/src/index.js");
const platform_1 = require("../../../../libs/platform/src/index.js");
/** Runs `work` on a data source of one connection to DATABASE_URL, closed after it (`migrations` for the db commands). */
async function withDatabase(work, migrations = []) {
    const dataSource = await (0, platform_1.createDataSource)((0, platform_1.loadConfig)().DATABASE_URL, 1, migrations).initialize();
    try {
        return await work(dataSource);
    }
    finally {
        await dataSource.destroy();
    }
}
/** A `<partner-id>` argument: a UUID, lower-cased. */
function partnerIdArgument(value) {
    if (!(0, domain_1.isUuid)(value))
        throw new commander_1.InvalidArgumentError('a partner id is a UUID; `pft partners list` shows them');
    return value.toLowerCase();
}
//# sourceMappingURL=command-support.js.map