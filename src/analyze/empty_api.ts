/**
 * An empty API where the project declares controllers. The server keeps
 * serving then, with warning TAILOR001 (generation is off by default), but
 * `generate` and `check` must not write an empty client and succeed: for
 * them it is an error at the first controller, naming the likely cause.
 *
 * @module
 */

import type { Diagnostic } from "../model/diagnostic.ts";
import type { AnalysisResult } from "./analyze.ts";
import { CODES, DiagnosticSink } from "./codes.ts";
import {
  declarationsOf,
  decoratorsOf,
  filePathOf,
  nameOf,
  ts,
} from "./compiler.ts";
import type { LoadedProject } from "./project.ts";
import {
  decoratorNameNode,
  decoratorRuntimeName,
  resolvedSymbol,
  TAILOR_PACKAGE,
} from "./symbols.ts";

/** Decorators that declare a controller or a route, as they are spelled. */
const CONTROLLER_DECORATORS = new Set([
  "Controller",
  "Get",
  "Post",
  "Put",
  "Patch",
  "Delete",
]);

/** Decorators that switch generation on, as they are spelled. */
const SWITCHES = new Set(["Api", "EnableImplicitApi"]);

/**
 * The analysis for generation (`generate`, `check`): a good analysis whose
 * API is empty although the project declares controllers becomes an error.
 */
export function forGeneration(
  loaded: LoadedProject,
  analysis: AnalysisResult,
): AnalysisResult {
  if (!analysis.ok || analysis.model.services.length > 0) return analysis;
  const error = emptyApiError(loaded);
  return error === undefined ? analysis : { ok: false, diagnostics: [error] };
}

/**
 * The error for an empty API, at the first decorator spelled like a
 * controller's or a route's; undefined when the project declares none.
 */
function emptyApiError(loaded: LoadedProject): Diagnostic | undefined {
  const decorators = loaded.files.flatMap((path) =>
    loaded.project.sourceFile(path).statements
      .filter(ts.isClassDeclaration)
      .flatMap((declaration) => [
        ...decoratorsOf(declaration),
        ...declaration.members.flatMap((member) => decoratorsOf(member)),
      ])
  );
  const spelledAs = (names: ReadonlySet<string>) =>
    decorators.filter((decorator) => names.has(writtenName(decorator)));
  const controller = spelledAs(CONTROLLER_DECORATORS)[0];
  if (controller === undefined) return undefined;
  const sink = new DiagnosticSink(loaded.root);
  const at = (decorator: ts.Decorator) => {
    const { file, line, column } = sink.location(decorator);
    return `${file}:${line}:${column}`;
  };
  const owner = nameOf(classOf(controller)) ?? "a class";
  const foreignSwitch = spelledAs(SWITCHES).find((decorator) =>
    decoratorRuntimeName(decorator) === undefined
  );
  const [cause, hint] = decoratorRuntimeName(controller) === undefined
    ? [
      `@${writtenName(controller)} at ${at(controller)} is not Tailor's ` +
      `(it is declared in ${sink.relativePath(declarationFile(controller))})`,
      `use Tailor's: import { ${writtenName(controller)} } from ` +
      `"${TAILOR_PACKAGE}"`,
    ]
    : foreignSwitch !== undefined
    ? [
      `@${writtenName(foreignSwitch)} at ${at(foreignSwitch)} is not ` +
      "Tailor's, so generation is not enabled",
      `use Tailor's: import { ${writtenName(foreignSwitch)} } from ` +
      `"${TAILOR_PACKAGE}"`,
    ]
    : [
      "no class has @EnableImplicitApi() and no controller has @Api(), or " +
      "every controller and route is left out (@ApiIgnore)",
      "put @EnableImplicitApi() on one class (implicit mode), or @Api() on " +
      "controllers and their methods (explicit mode)",
    ];
  return {
    ...sink.location(controller),
    code: CODES.NOT_ENABLED,
    message: `the API is empty although ${owner} declares routes: ${cause}`,
    hint,
  };
}

/** The decorator's name as written: `Get` in `@Get()` and `@t.Get()`. */
function writtenName(decorator: ts.Decorator): string {
  const node = decoratorNameNode(decorator);
  return ts.isIdentifier(node) ? node.text : "";
}

/** The class a decorator is on, or is in. */
function classOf(decorator: ts.Decorator): ts.Node {
  const owner = decorator.parent;
  return ts.isClassDeclaration(owner) ? owner : owner.parent;
}

/** The file declaring what a decorator's name refers to, else its own. */
function declarationFile(decorator: ts.Decorator): string {
  const symbol = resolvedSymbol(decoratorNameNode(decorator));
  return filePathOf(declarationsOf(symbol)[0] ?? decorator);
}
