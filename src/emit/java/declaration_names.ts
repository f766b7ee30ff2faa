/**
 * The Java names of every declaration of a model, decided once before any
 * file is written: packages, top-level types per package (collisions get
 * `_2`, case-insensitively, since they become file names) and the record of
 * every fetched shape inside its entity's DTO class.
 *
 * @module
 */

import type { ApiModel } from "../../model/api_model.ts";
import { NameAllocator, sanitizeTypeName } from "./java_names.ts";
import { CompilationUnit } from "./java_source.ts";

/** The packages of the generated client, under the base package. */
export interface JavaPackages {
  readonly service: string;
  readonly dto: string;
  readonly enums: string;
  readonly statics: string;
  readonly dynamic: string;
  /** Records of declared errors. */
  readonly errors: string;
}

/** Java names of every model declaration, decided once per model. */
export interface DeclarationNames {
  readonly packages: JavaPackages;
  /** Service name -> interface name. */
  readonly services: ReadonlyMap<string, string>;
  /** Entity name -> DTO class name. */
  readonly dtoClasses: ReadonlyMap<string, string>;
  /** Shape key -> entity's DTO class and the shape's record. */
  readonly shapes: ReadonlyMap<
    string,
    { readonly dtoClass: string; readonly record: string }
  >;
  /** Enum name -> enum name in Java. */
  readonly enums: ReadonlyMap<string, string>;
  /** Static type name -> record name and number of type parameters. */
  readonly statics: ReadonlyMap<
    string,
    { readonly java: string; readonly arity: number }
  >;
  /** Entity name -> `Dynamic_<Entity>` record name. */
  readonly dynamics: ReadonlyMap<string, string>;
  /** Error name -> record name. */
  readonly errors: ReadonlyMap<string, string>;
  /** The class holding the records of the server's own error bodies. */
  readonly serverErrors: string;
  /** The class of the request headers' names (`RequestHeaders`). */
  readonly requestHeaders: string;
  /** Top-level simple names per package. */
  readonly members: ReadonlyMap<string, ReadonlySet<string>>;
}

/** Names every declaration of `model` under the package `base`. */
export function allocateNames(
  model: ApiModel,
  base: string,
): DeclarationNames {
  const packages: JavaPackages = {
    service: `${base}.service`,
    dto: `${base}.model.dto`,
    enums: `${base}.model.enums`,
    statics: `${base}.model.statics`,
    dynamic: `${base}.model.dynamic`,
    errors: `${base}.model.errors`,
  };
  const members = new Map<string, Set<string>>();
  const allocators = new Map<string, NameAllocator>();
  const claim = (pkg: string, base: string): string => {
    const allocator = allocators.get(pkg) ??
      NameAllocator.forTypes(["package-info"]);
    allocators.set(pkg, allocator);
    const name = allocator.claim(base);
    const set = members.get(pkg) ?? new Set();
    set.add(name);
    members.set(pkg, set);
    return name;
  };
  for (const pkg of Object.values(packages)) members.set(pkg, new Set());

  const services = new Map<string, string>();
  for (const s of model.services) {
    services.set(s.name, claim(packages.service, sanitizeTypeName(s.name)));
  }
  const dtoClasses = new Map<string, string>();
  const shapes = new Map<string, { dtoClass: string; record: string }>();
  for (const dto of model.dtos) {
    const dtoClass = claim(packages.dto, sanitizeTypeName(`${dto.entity}Dto`));
    dtoClasses.set(dto.entity, dtoClass);
    const records = NameAllocator.forTypes([dtoClass]);
    for (const shape of dto.shapes) {
      const path = shape.path === undefined
        ? ""
        : `_${shape.path.split(".").join("_")}`;
      const record = records.claim(
        sanitizeTypeName(`${shape.owner}_${shape.fetcher}${path}`),
      );
      shapes.set(shape.key, { dtoClass, record });
    }
  }
  const enums = new Map<string, string>();
  for (const e of model.enums) {
    enums.set(e.name, claim(packages.enums, sanitizeTypeName(e.name)));
  }
  const statics = new Map<string, { java: string; arity: number }>();
  for (const s of model.staticTypes) {
    statics.set(s.name, {
      java: claim(packages.statics, sanitizeTypeName(s.name)),
      arity: s.typeParameters.length,
    });
  }
  const dynamics = new Map<string, string>();
  for (const d of model.dynamicEntities) {
    dynamics.set(
      d.entity,
      claim(packages.dynamic, sanitizeTypeName(`Dynamic_${d.entity}`)),
    );
  }
  const errors = new Map<string, string>();
  for (const e of model.errors ?? []) {
    errors.set(e.name, claim(packages.errors, sanitizeTypeName(e.name)));
  }
  return {
    packages,
    services,
    dtoClasses,
    shapes,
    enums,
    statics,
    dynamics,
    errors,
    serverErrors: claim(packages.errors, "ServerErrors"),
    requestHeaders: claim(packages.service, "RequestHeaders"),
    members,
  };
}

/** A new `.java` file declaring the top-level type `simpleName` of `pkg`. */
export function compilationUnit(
  names: DeclarationNames,
  pkg: string,
  simpleName: string,
): CompilationUnit {
  return new CompilationUnit(pkg, simpleName, names.members.get(pkg)!);
}

/** Relative path of the file of `pkg.simpleName`: it mirrors the package. */
export function javaFilePath(pkg: string, simpleName: string): string {
  return `${pkg.replaceAll(".", "/")}/${simpleName}.java`;
}
