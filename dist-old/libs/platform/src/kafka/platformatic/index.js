"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.createPlatformaticClient = void 0;
var platformatic_client_1 = require("./platformatic-client");
Object.defineProperty(exports, "createPlatformaticClient", { enumerable: true, get: function () { return platformatic_client_1.createPlatformaticClient; } });
//# sourceMappingURL=index.js.map