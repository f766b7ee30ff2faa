/**
 * Merging a partial analysis (the controllers of the files an edit reached)
 * into the last whole one: the services of the other files and the types
 * they reach stay as they were (the same objects), the re-read ones and
 * their types come from the partial run. Pure.
 *
 * The merge gives up (undefined) wherever the files it did not read might
 * have an opinion: two services or routes colliding, a name claimed by two
 * declarations, a warning the edit may have moved elsewhere. The caller then
 * analyzes the whole project, which says exactly what is wrong.
 *
 * @module
 */

import { isDeepStrictEqual } from "node:util";
import type {
  ApiModel,
  EntityDtoModel,
  FetchedShapeModel,
  ServiceModel,
} from "../model/api_model.ts";
import type { Diagnostic } from "../model/diagnostic.ts";
import { indexModel } from "../model/model_index.ts";
import { Reachability } from "../model/reachability.ts";
import { compare, sortDiagnostics } from "./codes.ts";
import { routeKey } from "./controllers.ts";
import type { Provenance } from "./provenance.ts";
import { withDiscriminators } from "./unions.ts";

/** A successful analysis and its provenance. */
export interface Analysis {
  readonly model: ApiModel;
  readonly warnings: readonly Diagnostic[];
  readonly provenance: Provenance;
}

/**
 * `last` with the files in `reread` (absolute) replaced by `partial`, or
 * undefined when only a whole analysis can tell. `root` is the project root.
 */
export function mergeAnalysis(
  root: string,
  last: Analysis,
  partial: Analysis,
  reread: ReadonlySet<string>,
): Analysis | undefined {
  const absolute = (file: string) => `${root}/${file}`;
  const kept = last.model.services.filter((service) =>
    !reread.has(absolute(service.source.file))
  );
  const services = mergeServices(last.model, kept, partial.model.services);
  if (services === undefined || hasDuplicateRoute(services)) return undefined;
  const claims = mergeClaims(last.provenance.claims, partial, reread);
  if (claims === undefined) return undefined;
  const warnings = mergeWarnings(last, partial, reread, absolute);
  if (warnings === undefined) return undefined;

  const keptReach = new Reachability(last.model);
  for (const service of kept) keptReach.service(service);
  const newReach = new Reachability(partial.model);
  for (const service of partial.model.services) newReach.service(service);
  const pick = <T>(
    names: (reach: Reachability) => ReadonlySet<string>,
    list: (model: ApiModel) => readonly T[],
    nameOf: (item: T) => string,
  ): T[] =>
    pickReached(
      { reached: names(keptReach), items: list(last.model) },
      { reached: names(newReach), items: list(partial.model) },
      nameOf,
    );
  const errors = pick((r) => r.errors, (m) => m.errors ?? [], (e) => e.name);
  const model: ApiModel = {
    version: last.model.version,
    groups: mergeGroups(last.provenance, partial.provenance, reread),
    services,
    dtos: mergeDtos(last.model, keptReach, partial.model, newReach),
    dynamicEntities: pick(
      (r) => r.dynamicEntities,
      (m) => m.dynamicEntities,
      (d) => d.entity,
    ),
    enums: pick((r) => r.enums, (m) => m.enums, (e) => e.name),
    // A member re-read without its union (or the reverse) gets its
    // discriminator from the unions the merged model has.
    staticTypes: withDiscriminators(pick(
      (r) => r.staticTypes,
      (m) => m.staticTypes,
      (s) => s.name,
    )),
    ...(errors.length === 0 ? {} : { errors }),
  };
  return {
    model,
    warnings,
    provenance: {
      implicitFiles: new Set([
        ...[...last.provenance.implicitFiles].filter((f) => !reread.has(f)),
        ...partial.provenance.implicitFiles,
      ]),
      groupsByFile: replaced(
        last.provenance.groupsByFile,
        partial.provenance.groupsByFile,
        reread,
      ),
      warningsByFile: replaced(
        last.provenance.warningsByFile,
        partial.provenance.warningsByFile,
        reread,
      ),
      claims,
    },
  };
}

/** The kept and the re-read services by name; undefined on a clash. */
function mergeServices(
  last: ApiModel,
  kept: readonly ServiceModel[],
  reread: readonly ServiceModel[],
): ServiceModel[] | undefined {
  const byName = new Map(kept.map((service) => [service.name, service]));
  const before = indexModel(last);
  for (const service of reread) {
    if (byName.has(service.name)) return undefined;
    const old = before.service(service.name);
    byName.set(
      service.name,
      old !== undefined && isDeepStrictEqual(old, service) ? old : service,
    );
  }
  return [...byName.values()].sort((a, b) => compare(a.name, b.name));
}

/** Whether two operations answer one method and path (TAILOR's duplicate route). */
function hasDuplicateRoute(services: readonly ServiceModel[]): boolean {
  const routes = new Set<string>();
  for (const service of services) {
    for (const operation of service.operations) {
      const key = routeKey(operation.httpMethod, operation.path);
      if (routes.has(key)) return true;
      routes.add(key);
    }
  }
  return false;
}

/**
 * The last run's claims without the re-read files' declarations, plus the
 * partial run's; undefined when a name goes to two declarations.
 */
function mergeClaims(
  last: ReadonlyMap<string, string>,
  partial: Analysis,
  reread: ReadonlySet<string>,
): Map<string, string> | undefined {
  const claims = new Map<string, string>();
  for (const [name, declaration] of last) {
    const file = declaration.slice(0, declaration.lastIndexOf("#"));
    if (!reread.has(file)) claims.set(name, declaration);
  }
  for (const [name, declaration] of partial.provenance.claims) {
    const other = claims.get(name);
    if (other !== undefined && other !== declaration) return undefined;
    claims.set(name, declaration);
  }
  return claims;
}

/**
 * The kept files' warnings and the partial run's, sorted; undefined when a
 * warning the last run reported while reading a re-read file, at another
 * file, is not reported again (another controller may now report it).
 */
function mergeWarnings(
  last: Analysis,
  partial: Analysis,
  reread: ReadonlySet<string>,
  absolute: (file: string) => string,
): Diagnostic[] | undefined {
  const again = new Set(partial.warnings.map((w) => JSON.stringify(w)));
  const warnings = new Map<string, Diagnostic>();
  for (const [file, list] of last.provenance.warningsByFile) {
    for (const warning of list) {
      const key = JSON.stringify(warning);
      if (!reread.has(file)) warnings.set(key, warning);
      else if (!reread.has(absolute(warning.file)) && !again.has(key)) {
        return undefined;
      }
    }
  }
  for (const warning of partial.warnings) {
    warnings.set(JSON.stringify(warning), warning);
  }
  return sortDiagnostics([...warnings.values()]);
}

/** The groups of the kept files' controllers and of the re-read ones. */
function mergeGroups(
  last: Provenance,
  partial: Provenance,
  reread: ReadonlySet<string>,
): string[] {
  const groups = new Set<string>();
  for (const [file, names] of last.groupsByFile) {
    if (!reread.has(file)) { for (const name of names) groups.add(name); }
  }
  for (const names of partial.groupsByFile.values()) {
    for (const name of names) groups.add(name);
  }
  return [...groups].sort(compare);
}

/** `last` without the entries of `reread` files, plus `partial`'s. */
function replaced<T>(
  last: ReadonlyMap<string, T>,
  partial: ReadonlyMap<string, T>,
  reread: ReadonlySet<string>,
): Map<string, T> {
  const map = new Map<string, T>();
  for (const [file, value] of last) if (!reread.has(file)) map.set(file, value);
  for (const [file, value] of partial) map.set(file, value);
  return map;
}

/** Reached items of one kind: the partial run's wins; equal ones stay the last's. */
function pickReached<T>(
  last: { reached: ReadonlySet<string>; items: readonly T[] },
  partial: { reached: ReadonlySet<string>; items: readonly T[] },
  nameOf: (item: T) => string,
): T[] {
  const picked = new Map<string, T>();
  for (const item of last.items) {
    const name = nameOf(item);
    if (last.reached.has(name) || partial.reached.has(name)) {
      picked.set(name, item);
    }
  }
  for (const item of partial.items) {
    const name = nameOf(item);
    if (!partial.reached.has(name)) continue;
    const old = picked.get(name);
    if (old === undefined || !isDeepStrictEqual(old, item)) {
      picked.set(name, item);
    }
  }
  return [...picked.values()].sort((a, b) => compare(nameOf(a), nameOf(b)));
}

/** The reached shapes per entity; a DTO whose shapes stay is the last's. */
function mergeDtos(
  last: ApiModel,
  lastReach: Reachability,
  partial: ApiModel,
  partialReach: Reachability,
): EntityDtoModel[] {
  const shapes = new Map<string, FetchedShapeModel>();
  const docs = new Map<string, string | undefined>();
  const entities = new Map<string, string>();
  for (const dto of last.dtos) {
    for (const shape of dto.shapes) {
      const reached = lastReach.shapes.has(shape.key) ||
        partialReach.shapes.has(shape.key);
      if (!reached) continue;
      shapes.set(shape.key, shape);
      entities.set(shape.key, dto.entity);
      docs.set(dto.entity, dto.doc);
    }
  }
  for (const dto of partial.dtos) {
    docs.set(dto.entity, dto.doc);
    for (const shape of dto.shapes) {
      if (!partialReach.shapes.has(shape.key)) continue;
      const old = shapes.get(shape.key);
      if (old === undefined || !isDeepStrictEqual(old, shape)) {
        shapes.set(shape.key, shape);
      }
      entities.set(shape.key, dto.entity);
    }
  }
  const byEntity = new Map<string, FetchedShapeModel[]>();
  for (const [key, shape] of shapes) {
    const entity = entities.get(key)!;
    let list = byEntity.get(entity);
    if (list === undefined) byEntity.set(entity, list = []);
    list.push(shape);
  }
  const before = indexModel(last);
  return [...byEntity].map(([entity, list]) => {
    list.sort((a, b) => compare(a.key, b.key));
    const doc = docs.get(entity);
    const old = before.dto(entity);
    if (
      old !== undefined && old.doc === doc &&
      old.shapes.length === list.length &&
      old.shapes.every((shape, i) => shape === list[i])
    ) {
      return old;
    }
    return { entity, ...(doc === undefined ? {} : { doc }), shapes: list };
  }).sort((a, b) => compare(a.entity, b.entity));
}
