"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.packageVersion = packageVersion;
exports.versionLine = versionLine;
const node_fs_1 = require("node:fs");
const node_path_1 = require("node:path");
const PACKAGE_NAME = 'pilot-flight-totals';
const readPackage = (path) => (0, node_fs_1.existsSync)(path)
    ? JSON.parse((0, node_fs_1.readFileSync)(path, 'utf8'))
    : undefined;
/**
 * The version of the product's package.json, found upwards from `from`: the command runs from the
 * sources (apps/cli/src) and from the build (dist/apps/cli/src), which sit at different depths.
 */
function packageVersion(from = __dirname, read = readPackage) {
    for (let dir = from;; dir = (0, node_path_1.dirname)(dir)) {
        const pkg = read((0, node_path_1.join)(dir, 'package.json'));
        if (pkg?.name === PACKAGE_NAME && pkg.version)
            return pkg.version;
        if ((0, node_path_1.dirname)(dir) === dir)
            return 'unknown';
    }
}
/** What `pft --version` prints: the product's version and the Node.js that runs it. */
function versionLine(version = packageVersion(), node = process.version) {
    return `pft ${version} (Node.js ${node})`;
}
//# sourceMappingURL=version.js.map