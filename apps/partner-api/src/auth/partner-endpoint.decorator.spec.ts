import { RequestMethod, type Type } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, MODULE_METADATA } from '@nestjs/common/constants';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import { RequestBodyGuard } from '@pft/platform';
import { PartnerApiModule } from '../partner-api.module';
import { PartnerRateLimitGuard } from '../rate-limit/partner-rate-limit.guard';
import { PartnerKeyGuard } from './partner-key.guard';
import { PartnerWriteChecksGuard } from './partner-write-checks.guard';

interface Route {
  name: string;
  method: RequestMethod;
  guards: unknown[];
  /** Its Fastify route config (RouteConfig, GetOnly, BodyLimit). */
  config?: { getOnly?: boolean };
}

/** Every route of every controller the partner API module holds, through its imports. */
function routes(): Route[] {
  const found: Route[] = [];
  const seen = new Set<unknown>();
  const visit = (entry: unknown): void => {
    const module = (entry as { module?: Type }).module ?? entry;
    if (!module || seen.has(module)) return;
    seen.add(module);
    const meta = <T>(key: string): T[] => [
      ...((Reflect.getMetadata(key, module) as T[] | undefined) ?? []),
      ...(((entry as Record<string, unknown>)[key] as T[] | undefined) ?? []),
    ];
    for (const controller of meta<Type>(MODULE_METADATA.CONTROLLERS)) {
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        const method = Reflect.getMetadata(METHOD_METADATA, handler as object) as RequestMethod | undefined;
        if (typeof handler !== 'function' || method === undefined) continue;
        const guards = (Reflect.getMetadata(GUARDS_METADATA, handler) as unknown[] | undefined) ?? [];
        const config = Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) as Route['config'];
        found.push({ name: `${controller.name}.${name}`, method, guards, config });
      }
    }
    for (const imported of meta<unknown>(MODULE_METADATA.IMPORTS)) visit(imported);
  };
  visit(PartnerApiModule);
  return found;
}

describe('partner endpoints', () => {
  const partnerRoutes = routes().filter((route) => route.guards.includes(PartnerKeyGuard));

  it('finds the partner routes', () => {
    expect(partnerRoutes.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'PilotTotalsController.get',
        'PilotTotalsBatchController.get',
        'LinkController.link',
      ]),
    );
  });

  it('parses the body on every route but a GET, where Fastify parses none (PartnerReadEndpoint)', () => {
    const parsesBody = (route: Route): boolean =>
      route.guards.includes(RequestBodyGuard) || route.guards.includes(PartnerWriteChecksGuard);
    const wrong = partnerRoutes.filter((route) => parsesBody(route) === (route.method === RequestMethod.GET));
    expect(wrong.map((r) => r.name)).toEqual([]);
  });

  it('takes GET alone on every read: HEAD is refused, never served with the body dropped', () => {
    const reads = partnerRoutes.filter((route) => route.method === RequestMethod.GET);
    expect(reads.map((r) => r.name)).toEqual(expect.arrayContaining(['PilotTotalsController.get']));
    expect(reads.filter((route) => route.config?.getOnly !== true).map((r) => r.name)).toEqual([]);
  });

  it('keeps the refusals of every POST after its key and rate limit under its Idempotency-Key', () => {
    const posts = partnerRoutes.filter((route) => route.method === RequestMethod.POST);
    expect(posts.map((r) => r.name)).toEqual(
      expect.arrayContaining(['LinkController.link', 'WebhookEndpointsController.create']),
    );
    const inOrder = [PartnerKeyGuard, PartnerRateLimitGuard, PartnerWriteChecksGuard];
    const wrong = posts.filter(
      (route) => route.guards.length !== inOrder.length || route.guards.some((g, i) => g !== inOrder[i]),
    );
    expect(wrong.map((r) => r.name)).toEqual([]);
  });
});
