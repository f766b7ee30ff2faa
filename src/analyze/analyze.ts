/**
 * The analyzer: a server project's source -> `ApiModel`, or the diagnostics
 * that say why the project cannot be described to clients. The analyzer's
 * modules are the only ones of Tailor that read TypeScript source; they read
 * TypeScript's own compiler nodes (see compiler.ts).
 *
 * Explicit mode rule: an operation takes part when its class AND its method
 * both carry `@Api` (and neither `@ApiIgnore`); a method with `@Api` in a
 * class without one is left out with a warning.
 *
 * @module
 */

import type {
  ApiModel,
  EntityDtoModel,
  ErrorModel,
  ServiceModel,
} from "../model/api_model.ts";
import { API_MODEL_VERSION, emptyModel } from "../model/api_model.ts";
import type { Diagnostic } from "../model/diagnostic.ts";
import { CODES, compare, DiagnosticSink, sortDiagnostics } from "./codes.ts";
import { type ControllerInfo, routeKey, scanProject } from "./controllers.ts";
import { docOf } from "./docs.ts";
import { ErrorReader } from "./errors.ts";
import { buildOperation } from "./operations.ts";
import { type LoadedProject, loadProject } from "./project.ts";
import { ShapeReader } from "./fetch_by.ts";
import { TypeMapper } from "./type_mapper.ts";
import { TypeNames } from "./type_names.ts";
import { reportUnresolvedDecorators } from "./unresolved.ts";
import { reportForeignRuntimeImports } from "./runtime_imports.ts";
import { type Provenance, ProvenanceRecorder } from "./provenance.ts";
import { filePathOf, nameOf, ts, useProgram } from "./compiler.ts";
import { markPhase } from "../timings.ts";

/** What the analyzer returns: a model (and warnings), or errors. */
export type AnalysisResult =
  | { ok: true; model: ApiModel; warnings: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[] };

/** Options of {@link analyzeProject}. */
export interface AnalyzeOptions {
  /**
   * The project's source files (relative to the root, or absolute). Default:
   * every `.ts` file under the root except tests and `__generated/`.
   */
  readonly files?: string[];
  /** What the model is for; `"client"` unless given. */
  readonly scope?: AnalysisScope;
}

/**
 * `"client"`: the API clients see (explicit mode and `@ApiIgnore` applied).
 * `"server"`: every route the server answers, hidden ones included, with
 * their `ApiIgnore<T>` parameters (`OperationModel.injected`): the route
 * table `createServer` mounts.
 */
export type AnalysisScope = "client" | "server";

/** Analyzes the server project in the directory `root`. */
export async function analyzeProject(
  root: string,
  options: AnalyzeOptions = {},
): Promise<AnalysisResult> {
  return analyzeLoaded(
    await loadProject(root, options.files),
    options.scope,
  );
}

/**
 * How fetchers are read: by default from their call chain where it is the
 * plain DSL, else from their type; `readBySyntax: false` reads all of them
 * from their type (the tests compare both).
 */
export interface FetcherReading {
  readonly readBySyntax?: boolean;
}

/** Analyzes an already loaded project. */
export function analyzeLoaded(
  loaded: LoadedProject,
  scope: AnalysisScope = "client",
  reading: FetcherReading = {},
): AnalysisResult {
  return analyzeFiles(loaded, scope, reading).result;
}

/**
 * A run that reads the controllers of some files only (watch mode): the
 * rest of the model comes from the last run (see incremental.ts).
 */
export interface PartialRun {
  /** The files (absolute) whose controllers are read. */
  readonly files: ReadonlySet<string>;
  /** Whether the project is in implicit mode, as the whole project says. */
  readonly implicit: boolean;
}

/** An analysis and what it learned per file. */
export interface FileAnalysis {
  readonly result: AnalysisResult;
  readonly provenance: Provenance;
}

/**
 * Analyzes a loaded project, or with `partial` the controllers of some of
 * its files (the model then holds their services and the types they reach),
 * and records the provenance of what it found.
 */
export function analyzeFiles(
  loaded: LoadedProject,
  scope: AnalysisScope = "client",
  reading: FetcherReading = {},
  partial?: PartialRun,
): FileAnalysis {
  const server = scope === "server";
  const sink = new DiagnosticSink(loaded.root);
  const recorder = new ProvenanceRecorder(loaded.root);
  const paths = partial === undefined
    ? loaded.files
    : loaded.files.filter((file) => partial.files.has(file));
  const files = paths.map((file) => loaded.project.sourceFile(file));
  const program = loaded.project.program();
  markPhase("program made");
  useProgram(program);
  const failed = (): FileAnalysis => ({
    result: { ok: false, diagnostics: sortDiagnostics(sink.errors) },
    provenance: recorder.finish(new Map()),
  });
  reportSyntaxErrors(program, files, sink);
  if (sink.errors.length > 0) return failed();
  // Binds every file, which sets the parent pointers the analysis follows.
  program.getTypeChecker();
  markPhase("checker made");
  reportForeignRuntimeImports(files, sink, loaded.resolver);
  reportUnresolvedDecorators(files, sink);
  const scan = scanProject(files, sink);
  recorder.implicit(scan.implicitFiles);
  recorder.warningsAtTheirFiles(sink.warnings);
  const implicit = partial?.implicit ?? scan.implicit;
  const explicit = !implicit && !server;
  const anyApi = scan.controllers.some((c) =>
    c.api !== undefined || c.routes.some((r) => r.api !== undefined)
  );
  if (!implicit && !server && !anyApi && partial === undefined) {
    if (sink.errors.length > 0) return failed();
    sink.projectWarning(
      CODES.NOT_ENABLED,
      "client generation is not enabled: no class has @EnableImplicitApi() " +
        "and no controller has @Api(); the API is empty",
      "put @EnableImplicitApi() on one class (implicit mode), or @Api() on " +
        "controllers and their methods (explicit mode)",
    );
    return {
      result: { ok: true, model: emptyModel(), warnings: sink.warnings },
      provenance: recorder.finish(new Map()),
    };
  }

  const { names, mapper, shapes } = typeReaders(sink, reading);
  const errorReader = new ErrorReader({
    sink,
    names,
    types: mapper,
    staticTypes: () => mapper.models().staticTypes,
  });
  const services: ServiceModel[] = [];
  const groups = new Set<string>();
  const routes = new Map<string, string>();
  /** Reads one controller's service into `services`. */
  function readController(controller: ControllerInfo): void {
    const file = filePathOf(controller.declaration);
    if (controller.ignored && !server) return;
    if (explicit && controller.api === undefined) {
      for (const route of controller.routes) {
        if (route.api === undefined || route.ignored) continue;
        sink.warning(
          CODES.API_METHOD_OUTSIDE_API_CLASS,
          route.api.decorator,
          `${controller.name}.${nameOf(route.declaration)} has @Api but ` +
            `${controller.name} has none, so it is not part of the client`,
          `add @Api() to ${controller.name}`,
        );
      }
      return;
    }
    for (const group of controller.api?.groups ?? []) groups.add(group.name);
    recorder.groups(file, controller.api?.groups.map((g) => g.name) ?? []);
    const operations = [];
    for (const route of controller.routes) {
      if (route.ignored && !server) continue;
      if (explicit && route.api === undefined) continue;
      const where = `${controller.name}.${nameOf(route.declaration)}`;
      const key = routeKey(route.httpMethod, route.path);
      const first = routes.get(key);
      if (first !== undefined) {
        sink.error(
          CODES.DUPLICATE_ROUTE,
          route.routeDecorator,
          `${where}: ${route.httpMethod} ${route.path} is already answered by ${first}`,
          "change the path or the HTTP method of one of them, or exclude one with @ApiIgnore()",
        );
      } else {
        routes.set(key, where);
      }
      const declared = errorReader.readThrows(route.throws, where);
      const operated = buildOperation(controller, route, mapper);
      if (operated === undefined || declared === undefined) continue;
      const built = declared.length === 0
        ? operated
        : { ...operated, errors: declared };
      const { injected: _injected, ...clientPart } = built;
      const operation = server ? built : clientPart;
      for (const group of operation.groups) groups.add(group);
      recorder.groups(file, operation.groups);
      operations.push(operation);
    }
    if (operations.length === 0) return;
    const name = serviceName(controller.name);
    const nameNode = controller.declaration.name ?? controller.declaration;
    if (
      !names.claim(
        "service",
        name,
        controller.declaration,
        nameNode,
        controller.name,
      )
    ) {
      return;
    }
    const doc = docOf(controller.declaration);
    services.push({
      name,
      controller: controller.name,
      ...(doc === undefined ? {} : { doc }),
      source: sink.location(nameNode),
      operations,
    });
  }

  for (const controller of scan.controllers) {
    const file = filePathOf(controller.declaration);
    const warningsBefore = sink.warnings.length;
    readController(controller);
    recorder.warnings(file, sink.warnings.slice(warningsBefore));
  }

  if (sink.errors.length > 0) return failed();
  return {
    result: {
      ok: true,
      model: assemble(
        names,
        mapper,
        shapes,
        services,
        groups,
        errorReader.models(),
      ),
      warnings: sortDiagnostics(sink.warnings),
    },
    provenance: recorder.finish(names.claims()),
  };
}

/**
 * Reports the first syntax error of each of the project's own files, with
 * how many follow it: after the first, the parser's errors mostly cascade
 * from it.
 */
function reportSyntaxErrors(
  program: ts.Program,
  files: readonly ts.SourceFile[],
  sink: DiagnosticSink,
): void {
  for (const file of files) {
    const [first, ...more] = program.getSyntacticDiagnostics(file);
    if (first === undefined) continue;
    const message = ts.flattenDiagnosticMessageText(first.messageText, " ");
    const others = more.length === 0
      ? ""
      : ` (and ${more.length} more syntax error${
        more.length === 1 ? "" : "s"
      } in this file, most caused by this one)`;
    sink.errorAt(
      CODES.SYNTAX_ERROR,
      file,
      first.start ?? 0,
      `syntax error TS${first.code}: ${message}${others}`,
      "fix the source so that it parses (deno check shows the same error)",
    );
  }
}

/**
 * The name registry, the type mapper and the `FetchBy` reader, wired to
 * each other: the mapper resolves `FetchBy` through the reader, which reads
 * entities and names through the registry and maps entity properties back
 * through the mapper.
 */
function typeReaders(
  sink: DiagnosticSink,
  reading: FetcherReading,
): { names: TypeNames; mapper: TypeMapper; shapes: ShapeReader } {
  const names = new TypeNames(sink);
  const shapes: ShapeReader = new ShapeReader(sink, {
    entityOf: (declaration) => names.entityOf(declaration),
    embeddableOf: (declaration) => names.embeddableOf(declaration),
    claim: (space, name, declaration, at, where) =>
      names.claim(space, name, declaration, at, where),
    scalarType: (entity, property) => mapper.scalarType(entity, property),
  }, reading);
  const mapper = new TypeMapper(sink, names, shapes);
  return { names, mapper, shapes };
}

/** `BookController` -> `BookService`; `Books` -> `BooksService`. */
export function serviceName(controller: string): string {
  return controller.endsWith("Controller") && controller !== "Controller"
    ? controller.slice(0, -"Controller".length) + "Service"
    : controller + "Service";
}

function assemble(
  names: TypeNames,
  mapper: TypeMapper,
  shapes: ShapeReader,
  services: ServiceModel[],
  groups: ReadonlySet<string>,
  errors: readonly ErrorModel[],
): ApiModel {
  const byEntity = new Map<string, EntityDtoModel["shapes"][number][]>();
  for (const { entity, shape } of shapes.shapes()) {
    let list = byEntity.get(entity);
    if (list === undefined) byEntity.set(entity, list = []);
    list.push(shape);
  }
  const dtos: EntityDtoModel[] = [...byEntity].map(([entity, shapes]) => {
    const doc = names.entityNamed(entity)?.doc;
    return {
      entity,
      ...(doc === undefined ? {} : { doc }),
      shapes: shapes.sort((a, b) => compare(a.key, b.key)),
    };
  });
  const { enums, staticTypes, dynamicEntities } = mapper.models();
  return {
    version: API_MODEL_VERSION,
    groups: [...groups].sort(compare),
    services: services.sort((a, b) => compare(a.name, b.name)),
    dtos: dtos.sort((a, b) => compare(a.entity, b.entity)),
    dynamicEntities: dynamicEntities.sort((a, b) =>
      compare(a.entity, b.entity)
    ),
    enums: enums.sort((a, b) => compare(a.name, b.name)),
    staticTypes: staticTypes.sort((a, b) => compare(a.name, b.name)),
    ...(errors.length === 0 ? {} : { errors }),
  };
}
