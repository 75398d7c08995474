"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RouteTable = void 0;
/**
 * The routes an app serves, kept to tell "no such path" (404) from "path exists, wrong method" (405).
 * Fed by Fastify's onRoute hook; patterns use Fastify's `:param` syntax.
 */
class RouteTable {
    routes = [];
    byUrl = new Map();
    add(url, methods) {
        let known = this.byUrl.get(url);
        if (!known) {
            known = new Set();
            this.byUrl.set(url, known);
            this.routes.push({ pattern: RouteTable.compile(url), methods: known });
        }
        for (const method of Array.isArray(methods) ? methods : [methods])
            known.add(method.toUpperCase());
    }
    /** The methods allowed on `path` (query string ignored), empty when no route matches it. */
    allowedMethods(path) {
        const bare = path.split('?')[0] ?? '';
        const allowed = new Set();
        for (const route of this.routes) {
            if (route.pattern.test(bare))
                route.methods.forEach((m) => allowed.add(m));
        }
        return [...allowed].sort();
    }
    static compile(url) {
        const source = url
            .split('/')
            .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
            .join('/');
        return new RegExp(`^${source}/?$`);
    }
}
exports.RouteTable = RouteTable;
//# sourceMappingURL=route-table.js.map