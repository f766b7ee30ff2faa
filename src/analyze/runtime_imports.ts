/**
 * Imports of Tailor's decorators and marker types that do not reach Tailor
 * (TAILOR025). The analyzer knows them by what they resolve to, so an
 * import that cannot be resolved, or resolves to a copy of the runtime or
 * another package, would silently leave their routes out of the client;
 * a copy also registers its metadata in another module than the server's.
 * Each is reported at its import, with where it resolved and what to write.
 *
 * @module
 */

import { GENERATED_HEADER } from "../fs/output_guard.ts";
import { CODES, type DiagnosticSink } from "./codes.ts";
import { checkerOf, declarationsOf, filePathOf, ts } from "./compiler.ts";
import type { DenoResolver, MappedSpecifier } from "./deno_resolution.ts";
import { isRuntimeNode, resolvedSymbol, TAILOR_PACKAGE } from "./symbols.ts";

/** The names of Tailor's exports that decide what the API holds. */
export const TAILOR_NAMES: ReadonlySet<string> = new Set([
  "Entity",
  "Id",
  "Column",
  "Formula",
  "ManyToOne",
  "OneToMany",
  "ManyToMany",
  "Controller",
  "Get",
  "Post",
  "Put",
  "Patch",
  "Delete",
  "Api",
  "ApiIgnore",
  "EnableImplicitApi",
  "DefaultFetcherOwner",
  "Throws",
  "FetchBy",
  "PathVariable",
  "RequestParam",
  "RequestHeader",
  "RequestBody",
  "RequestPart",
]);

/** The `deno.json` line that maps Tailor's package. */
const MAPPING = `deno.json "imports": { "${TAILOR_PACKAGE}": ` +
  `"jsr:${TAILOR_PACKAGE}@^0.1" }`;

/**
 * Reports each import (or re-export) in `files` of names in
 * {@link TAILOR_NAMES} that do not resolve to Tailor's runtime; `resolver`
 * tells a package that is mapped but cannot be reached from one that is
 * not mapped at all.
 */
export function reportForeignRuntimeImports(
  files: readonly ts.SourceFile[],
  sink: DiagnosticSink,
  resolver: Pick<DenoResolver, "map">,
): void {
  for (const file of files) {
    for (const statement of file.statements) {
      const names = foreignNames(statement);
      if (names.length === 0) continue;
      const { moduleSpecifier } = statement as
        | ts.ImportDeclaration
        | ts.ExportDeclaration;
      const specifier = (moduleSpecifier as ts.StringLiteral).text;
      const target = resolvedModule(moduleSpecifier!);
      const mapped = target === undefined && isTailorSpecifier(specifier)
        ? resolver.map(specifier, filePathOf(file))
        : undefined;
      const [why, hint] = target !== undefined
        ? [
          `the import resolves to ${sink.relativePath(target)}, not to ` +
          "Tailor's runtime (a copy of the runtime registers its metadata " +
          "apart from the server's)",
          `import them from "${TAILOR_PACKAGE}", mapped in ${MAPPING}`,
        ]
        : mapped !== undefined
        ? unreachable(mapped, sink)
        : [
          "the import cannot be resolved",
          isTailorSpecifier(specifier)
            ? `map it in ${MAPPING} (add "links" to use a local checkout)`
            : `import them from "${TAILOR_PACKAGE}", mapped in ${MAPPING}`,
        ];
      sink.error(
        CODES.NOT_TAILOR_RUNTIME,
        statement,
        `${names.join(", ")} imported from "${specifier}" are not Tailor's: ` +
          `${why}, so the analyzer ignores them`,
        hint,
      );
    }
  }
}

/**
 * Why a Tailor specifier that a `deno.json` maps resolves to nothing, and
 * what to do: a registry package (`jsr:`, `npm:`) is read from a local
 * checkout only, so it needs `links`; a path must exist.
 */
function unreachable(
  mapped: MappedSpecifier,
  sink: DiagnosticSink,
): [string, string] {
  const config = sink.relativePath(`${mapped.config.dir}/deno.json`);
  if (/^(jsr|npm):/.test(mapped.target)) {
    return [
      `${config} maps it to "${mapped.target}", but that package is not ` +
      "reachable: Tailor reads its package from a local checkout, and no " +
      `"links" (or workspace member) provides ${TAILOR_PACKAGE}`,
      `add "links": ["path/to/tailor"] to ${config}, naming a checkout of ` +
      "Tailor (tailor init --link DIR writes it)",
    ];
  }
  return [
    `${config} maps it to "${mapped.target}", which cannot be read`,
    `point it at Tailor's mod.ts or runtime.ts, or map it in ${MAPPING}`,
  ];
}

/** Whether a specifier names Tailor's package (`@tailor/tailor/runtime`). */
function isTailorSpecifier(specifier: string): boolean {
  return specifier === TAILOR_PACKAGE ||
    specifier.startsWith(`${TAILOR_PACKAGE}/`);
}

/** The Tailor names an import or re-export takes from elsewhere, sorted. */
function foreignNames(statement: ts.Statement): string[] {
  const found = new Set<string>();
  if (
    ts.isImportDeclaration(statement) &&
    statement.importClause?.namedBindings !== undefined
  ) {
    const bindings = statement.importClause.namedBindings;
    if (ts.isNamedImports(bindings)) {
      addForeign(bindings.elements, found);
    } else {
      addForeignUses(bindings.name, found);
    }
  } else if (
    ts.isExportDeclaration(statement) &&
    statement.moduleSpecifier !== undefined &&
    statement.exportClause !== undefined &&
    ts.isNamedExports(statement.exportClause)
  ) {
    addForeign(statement.exportClause.elements, found);
  }
  return [...found].sort();
}

/** Adds the elements importing a Tailor name that is not Tailor's. */
function addForeign(
  elements: readonly (ts.ImportSpecifier | ts.ExportSpecifier)[],
  found: Set<string>,
): void {
  for (const element of elements) {
    const name = (element.propertyName ?? element.name).text;
    if (TAILOR_NAMES.has(name) && isForeign(resolvedSymbol(element.name))) {
      found.add(name);
    }
  }
}

/**
 * Adds the Tailor names a namespace import (`import * as t`) is used with
 * (`@t.Get()`, `t.FetchBy<…>`) whose symbols are not Tailor's.
 */
function addForeignUses(namespace: ts.Identifier, found: Set<string>): void {
  const visit = (node: ts.Node): void => {
    const qualified = ts.isPropertyAccessExpression(node)
      ? { left: node.expression, right: node.name }
      : ts.isQualifiedName(node)
      ? node
      : undefined;
    if (
      qualified !== undefined &&
      ts.isIdentifier(qualified.left) &&
      qualified.left.text === namespace.text &&
      ts.isIdentifier(qualified.right) &&
      TAILOR_NAMES.has(qualified.right.text) &&
      isForeign(resolvedSymbol(qualified.right))
    ) {
      found.add(qualified.right.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(namespace.getSourceFile());
}

/**
 * Whether a symbol, aliases followed, is neither declared in Tailor's
 * runtime nor in a client Tailor generated: a front end beside the server
 * imports the generated `Api` class, which shares the decorator's name.
 */
function isForeign(symbol: ts.Symbol | undefined): boolean {
  const declarations = declarationsOf(symbol);
  return !declarations.some(isRuntimeNode) &&
    !(declarations.length > 0 && declarations.every(isGenerated));
}

/** Whether a node is in a file Tailor generated (it starts with its header). */
function isGenerated(node: ts.Node): boolean {
  return node.getSourceFile().text.startsWith(GENERATED_HEADER);
}

/** The file a module specifier resolves to, if it resolves. */
function resolvedModule(specifier: ts.Expression): string | undefined {
  const symbol = checkerOf(specifier).getSymbolAtLocation(specifier);
  const declaration = symbol?.valueDeclaration;
  return declaration !== undefined && ts.isSourceFile(declaration)
    ? filePathOf(declaration)
    : undefined;
}
