import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SurfaceAModule } from '../src/http/a/a.module';
import { SurfaceBModule } from '../src/http/b/b.module';
import { SurfaceCModule } from '../src/http/c/c.module';
import { AUTH_SURFACE } from '../src/http/shared/auth/auth-options';
import { surfaceOf, type Surface } from '../src/http/shared/surface';
import { concreteRoutes } from './support/routes';
import { bootTestApp, TestApp } from './support/test-app';

const SURFACE_MODULES: Record<Surface, Type> = { A: SurfaceAModule, B: SurfaceBModule, C: SurfaceCModule };
const SRC = join(__dirname, '..', 'src');

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(suffix))
    .map((e) => join(e.parentPath, e.name));
}

const joinPaths = (...parts: string[]) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;

/**
 * A route's surface follows from its folder: every controller is declared by the module of the
 * surface folder it lives in, that module's router prefix gives its paths, and its paths name that
 * surface (so the guard takes that surface's key header and the filter answers in its envelope).
 */
describe('Each route belongs to the surface of its folder', () => {
  let t: TestApp;
  let declared: Map<Type, Surface>;
  let outside: string[];
  beforeAll(async () => {
    t = await bootTestApp();
    declared = new Map();
    outside = [];
    for (const mod of t.app.get(ModulesContainer).values()) {
      const surface = (Object.keys(SURFACE_MODULES) as Surface[]).find((s) => SURFACE_MODULES[s] === mod.metatype);
      for (const controller of mod.controllers.values()) {
        const type = controller.metatype as Type;
        if (surface) declared.set(type, surface);
        else outside.push(type.name);
      }
    }
  });
  afterAll(() => t.close());

  const prefixOf = (surface: Surface) => ({ A: '', B: t.config.scannerBasePath, C: '/v1' })[surface];

  it('serves no controller outside the three surface modules', () => {
    expect(outside).toEqual([]);
    expect(new Set(declared.values())).toEqual(new Set(['A', 'B', 'C']));
  });

  it("gives each handler a path of its module's surface, and @Authenticated names the same surface", () => {
    // The OpenAPI document is served by Swagger's module, not by a surface's controller.
    const served = new Set(
      concreteRoutes(t)
        .filter((r) => !/^\/v1\/openapi\.(json|yaml)$/.test(r.path))
        .map((r) => `${r.method} ${r.path.replace(/0x[0-9a-fA-F]{40}/g, ':param')}`),
    );
    const wrong: string[] = [];
    const handlers = new Set<string>();
    for (const [controller, surface] of declared) {
      const base = Reflect.getMetadata(PATH_METADATA, controller) as string;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = controller.prototype[name] as object;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined || name === 'constructor') continue;
        const path = joinPaths(prefixOf(surface), base, Reflect.getMetadata(PATH_METADATA, handler) as string).replace(
          /:\w+/g,
          ':param',
        );
        handlers.add(`${RequestMethod[method]} ${path}`);
        if (surfaceOf(path, t.config.scannerBasePath) !== surface)
          wrong.push(`${controller.name}.${name}: ${path} is not ${surface}'s`);
        const named = Reflect.getMetadata(AUTH_SURFACE, handler) as Surface | undefined;
        if (named && named !== surface)
          wrong.push(`${controller.name}.${name}: @Authenticated('${named}') in surface ${surface}`);
      }
    }
    expect(wrong).toEqual([]);
    // Express serves exactly the handlers the surface modules declare.
    expect([...served].sort()).toEqual([...handlers].sort());
  });

  it('keeps every controller in the folder of the surface whose module declares it', () => {
    const misplaced: string[] = [];
    for (const file of filesUnder(SRC, '.controller.ts')) {
      const folder = /^http\/(a|b|c)\//.exec(relative(SRC, file).split('\\').join('/'))?.[1]?.toUpperCase() as
        Surface | undefined;
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      for (const exported of Object.values(require(file) as Record<string, unknown>)) {
        if (typeof exported !== 'function' || Reflect.getMetadata(PATH_METADATA, exported) === undefined) continue;
        const surface = declared.get(exported as Type);
        if (!folder || surface !== folder)
          misplaced.push(`${relative(SRC, file)}: ${(exported as Type).name} is served as ${surface ?? 'nothing'}`);
      }
    }
    expect(misplaced).toEqual([]);
  });
});
