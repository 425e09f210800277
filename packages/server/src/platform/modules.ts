// The module kernel: what a module contributes (services, ports, routes, an admin command, demo data,
// migrations, start and stop work) and how one list of modules is built into an app. Each module
// declares itself with `defineModule` in its index.ts; src/modules/manifest.ts lists them in
// dependency order. The platform knows no module: modules plug into it through this file.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Migration } from 'kysely';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/database';
import type { ScheduledJob } from './jobs';

/**
 * Ports other modules contribute to, by name. A module that takes contributions declares its port by
 * declaration merging, next to the port's type:
 *
 *   declare module '../../platform/modules' {
 *     interface ModulePorts { fileReferences: FileReferenceSource }
 *   }
 *
 * A port breaks a dependency that would otherwise go round in a circle (files ← storage → files):
 * the taker receives the list at construction and reads it only once every module is built.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModulePorts {}

export type PortName = keyof ModulePorts;

/** What one module contributes: at most one item per port. */
export type PortContributions = { [K in PortName]?: ModulePorts[K] };

/** The contributions to one port, readable once the manifest is built (never during construction). */
export interface PortList<T> {
  all(): readonly T[];
  /** The only contribution; throws unless there is exactly one. */
  one(): T;
  /** The contribution when there is one; throws when there are several. */
  optional(): T | undefined;
}

export interface Ports {
  list<K extends PortName>(name: K): PortList<ModulePorts[K]>;
}

export type ModuleContext = {
  db: Db;
  clock: Clock;
  config: Config;
  log: FastifyBaseLogger;
  ports: Ports;
};

/** `tessera admin <area> …` */
export type AdminCommand<S> = {
  readonly area: string;
  /** The usage line of `tessera help` (after `admin <area> <command>`). */
  readonly summary: string;
  run(
    argv: readonly string[],
    services: S,
    io: { print: (text: string) => void; context: ModuleContext },
  ): Promise<void>;
};

/**
 * Demo data, loaded once per database (DEMO_DATA). A `data` seed writes rows in one transaction before
 * the app is built; a `services` seed goes through the services (files stored and analysed) once the
 * app is ready. Seeds run in manifest order within each stage.
 */
export type DemoSeed<S> =
  | { readonly name: string; readonly stage: 'data'; load(db: Db, now: Date): Promise<void> }
  | { readonly name: string; readonly stage: 'services'; load(services: S): Promise<void> };

/**
 * One module. `Needs` is what it takes from modules listed before it (by service name), `Provides`
 * what it adds to the app's services. Everything else receives both.
 */
export type ModuleDefinition<Name extends string, Needs extends object, Provides extends object> = {
  readonly name: Name;
  /** Builds the module's services; every dependency goes in here, none is attached later. */
  services(context: ModuleContext, needs: Needs): Provides;
  /** What the module's services contribute to other modules' ports. */
  ports?(services: Provides): PortContributions;
  routes?(app: FastifyInstance, services: Needs & Provides): void | Promise<void>;
  readonly admin?: AdminCommand<Needs & Provides>;
  readonly demo?: readonly DemoSeed<Needs & Provides>[];
  /** Migrations by name; every module's are applied in one global order by name. */
  readonly migrations?: Readonly<Record<string, Migration>>;
  /** Before the first request and before an admin command (the translation texts are loaded). */
  ready?(services: Provides): Promise<void>;
  /** Background work while the app serves (started once it is ready). */
  start?(services: Provides): void;
  /** Stops background work and releases what the services hold, before the database closes. */
  stop?(services: Provides): Promise<void>;
  /** Housekeeping run at start and on a schedule by the platform's job runner (platform/jobs.ts). */
  jobs?(services: Provides): readonly ScheduledJob[];
};

export type AnyModule = ModuleDefinition<string, object, object>;

export function defineModule<const Name extends string, Needs extends object, Provides extends object>(
  definition: ModuleDefinition<Name, Needs, Provides>,
): ModuleDefinition<Name, Needs, Provides> {
  return definition;
}

type NeedsOf<M> = M extends ModuleDefinition<string, infer Needs, object> ? Needs : never;
type ProvidesOf<M> = M extends ModuleDefinition<string, object, infer Provides> ? Provides : never;
type Flatten<T> = { [K in keyof T]: T[K] };

/** The services of a list of modules, as one typed bag (`app.services`). */
export type ServicesOf<Modules extends readonly AnyModule[]> = Flatten<
  Modules extends readonly [infer First, ...infer Rest extends readonly AnyModule[]]
    ? ProvidesOf<First> & ServicesOf<Rest>
    : unknown
>;

/** 'in order' when every module finds what it needs among the modules before it; else names the first that does not. */
export type ManifestOrder<Modules extends readonly AnyModule[], Built = object> = Modules extends readonly [
  infer First extends AnyModule,
  ...infer Rest extends readonly AnyModule[],
]
  ? Built extends NeedsOf<First>
    ? ManifestOrder<Rest, Built & ProvidesOf<First>>
    : `module '${First['name']}' needs a service of a module listed after it`
  : 'in order';

class ContributionList<T> implements PortList<T> {
  readonly #name: string;
  readonly #items: T[] = [];
  #sealed = false;

  constructor(name: string) {
    this.#name = name;
  }

  add(item: T): void {
    this.#items.push(item);
  }

  seal(): void {
    this.#sealed = true;
  }

  all(): readonly T[] {
    if (!this.#sealed) throw new Error(`port '${this.#name}' was read before every module was built`);
    return this.#items;
  }

  one(): T {
    const [item, ...others] = this.all();
    if (item === undefined || others.length > 0)
      throw new Error(`port '${this.#name}' needs exactly one contribution, has ${this.#items.length}`);
    return item;
  }

  optional(): T | undefined {
    if (this.all().length > 1) throw new Error(`port '${this.#name}' takes at most one contribution`);
    return this.#items[0];
  }
}

class PortRegistry implements Ports {
  readonly #lists = new Map<string, ContributionList<unknown>>();

  list<K extends PortName>(name: K): PortList<ModulePorts[K]> {
    return this.#listOf(name) as ContributionList<ModulePorts[K]>;
  }

  contribute(contributions: PortContributions): void {
    for (const [name, item] of Object.entries(contributions)) if (item !== undefined) this.#listOf(name).add(item);
  }

  seal(): void {
    for (const list of this.#lists.values()) list.seal();
  }

  #listOf(name: string): ContributionList<unknown> {
    let list = this.#lists.get(name);
    if (!list) this.#lists.set(name, (list = new ContributionList(name)));
    return list;
  }
}

export type ModuleBase = Omit<ModuleContext, 'ports'>;

/** A built list of modules: its services, the context they were built with, and the hooks to run. */
export type BuiltModules<S> = {
  services: S;
  context: ModuleContext;
  registerRoutes(app: FastifyInstance): Promise<void>;
  ready(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
  /** Every module's housekeeping jobs, in manifest order. */
  jobs(): ScheduledJob[];
  adminCommands(): {
    area: string;
    summary: string;
    run(argv: readonly string[], print: (text: string) => void): Promise<void>;
  }[];
};

/**
 * Builds every module's services in list order, each from the services before it; then the ports
 * are sealed and may be read. A module asking for a service built later fails here, by name.
 */
export function buildModules<S>(modules: readonly AnyModule[], base: ModuleBase): BuiltModules<S> {
  const registry = new PortRegistry();
  const context: ModuleContext = { ...base, ports: registry };
  const bag: Record<string, unknown> = {};
  const own = new Map<AnyModule, object>();
  for (const module of modules) {
    const needs = new Proxy(bag, {
      get(target, key) {
        if (typeof key === 'string' && !(key in target))
          throw new Error(`module '${module.name}' needs '${key}', which no module before it provides`);
        return Reflect.get(target, key);
      },
    });
    const provided = module.services(context, needs);
    for (const key of Object.keys(provided))
      if (key in bag) throw new Error(`module '${module.name}' provides '${key}', which another module provides`);
    Object.assign(bag, provided);
    own.set(module, provided);
    if (module.ports) registry.contribute(module.ports(provided));
  }
  registry.seal();
  const ownOf = (module: AnyModule): object => own.get(module) as object;
  return {
    services: bag as S,
    context,
    async registerRoutes(app) {
      for (const module of modules) await module.routes?.(app, bag);
    },
    async ready() {
      for (const module of modules) await module.ready?.(ownOf(module));
    },
    start() {
      for (const module of modules) module.start?.(ownOf(module));
    },
    async stop() {
      for (const module of [...modules].reverse()) await module.stop?.(ownOf(module));
    },
    jobs: () => modules.flatMap((module) => [...(module.jobs?.(ownOf(module)) ?? [])]),
    adminCommands: () =>
      modules.flatMap(({ admin }) =>
        admin
          ? [
              {
                area: admin.area,
                summary: admin.summary,
                run: (argv: readonly string[], print: (text: string) => void) =>
                  admin.run(argv, bag, { print, context }),
              },
            ]
          : [],
      ),
  };
}

/** Every module's migrations and the platform's, in one order by name (names are never reused). */
export function migrationsOf(
  modules: readonly AnyModule[],
  platform: Readonly<Record<string, Migration>>,
): Record<string, Migration> {
  const all: Record<string, Migration> = { ...platform };
  for (const module of modules)
    for (const [name, migration] of Object.entries(module.migrations ?? {})) {
      if (name in all) throw new Error(`migration '${name}' of module '${module.name}' is defined twice`);
      all[name] = migration;
    }
  return Object.fromEntries(Object.entries(all).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Every module's demo seeds of one stage, in manifest order. */
export function demoSeedsOf<S>(modules: readonly AnyModule[], stage: DemoSeed<S>['stage']): DemoSeed<S>[] {
  return modules.flatMap((module) => (module.demo ?? []).filter((seed) => seed.stage === stage)) as DemoSeed<S>[];
}
