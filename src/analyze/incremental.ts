/**
 * Incremental analysis for watch mode. The first run analyzes the whole
 * project; after an edit, only the controllers of the edited files and of
 * the files importing them (directly or not) are read again, with one new
 * type checker over the refreshed program, and merged into the last model
 * (merge_analysis.ts). Everything else is reused, the same objects, so the
 * renderer can skip their files too. An edit the merge cannot vouch for
 * (files added or removed, global declarations, an imported file outside
 * the project's, collisions, errors) gets a whole analysis, which always
 * gives what a cold run would.
 *
 * @module
 */

import { extendsTypes, ts } from "./compiler.ts";
import {
  type AnalysisResult,
  type AnalysisScope,
  analyzeFiles,
} from "./analyze.ts";
import { declaresGlobals, ImportGraph } from "./import_graph.ts";
import { type Analysis, mergeAnalysis } from "./merge_analysis.ts";
import type { LoadedProject } from "./project.ts";

/** How the last {@link IncrementalAnalyzer.analyze} call worked. */
export type AnalysisRun =
  | { readonly kind: "whole" }
  | { readonly kind: "unchanged" }
  /** Files whose controllers were read again (absolute, sorted). */
  | { readonly kind: "partial"; readonly files: readonly string[] };

/** The last good whole-equivalent analysis and the sources it read. */
interface Baseline {
  readonly analysis: Analysis;
  /** Each project file's parsed source as of that analysis. */
  readonly sources: ReadonlyMap<string, ts.SourceFile>;
  /** Files that declare globals. */
  readonly globals: ReadonlySet<string>;
  /** The project's `importsVersion` then. */
  readonly importsVersion: number;
  readonly graph: ImportGraph;
}

/** Analyzes one project again and again, reading only what edits reach. */
export class IncrementalAnalyzer {
  readonly #scope: AnalysisScope;
  #baseline: Baseline | undefined;
  #loaded: LoadedProject | undefined;
  #run: AnalysisRun = { kind: "whole" };

  /** An analyzer of `scope` (client unless given). */
  constructor(scope: AnalysisScope = "client") {
    this.#scope = scope;
  }

  /** How the last analysis worked (for logs and tests). */
  get lastRun(): AnalysisRun {
    return this.#run;
  }

  /**
   * Does now, at an idle moment, what the first partial analysis would
   * otherwise do first: read the import graph of the last analysis.
   */
  prepare(): void {
    this.#baseline?.graph.prepare();
  }

  /** The analysis of `loaded` as it is now (the project may have been refreshed). */
  analyze(loaded: LoadedProject): AnalysisResult {
    this.#loaded = loaded;
    const sources = new Map(
      loaded.files.map((file) => [
        file,
        loaded.project.sourceFile(file),
      ]),
    );
    const baseline = this.#baseline;
    if (
      baseline !== undefined && sameFiles(baseline.sources, sources) &&
      baseline.importsVersion === loaded.project.importsVersion
    ) {
      const changed = new Set(
        loaded.files.filter((f) => sources.get(f) !== baseline.sources.get(f)),
      );
      if (changed.size === 0) {
        this.#run = { kind: "unchanged" };
        return resultOf(baseline.analysis);
      }
      const merged = this.#partial(loaded, baseline, changed, sources);
      if (merged !== undefined) return merged;
    }
    return this.#whole(loaded, sources);
  }

  #partial(
    loaded: LoadedProject,
    baseline: Baseline,
    changed: ReadonlySet<string>,
    sources: ReadonlyMap<string, ts.SourceFile>,
  ): AnalysisResult | undefined {
    const global = [...changed].some((file) =>
      baseline.globals.has(file) || declaresGlobals(sources.get(file)!)
    );
    // A union of an abstract class's subclasses gains, loses or changes a
    // member in whichever file a subclass is written.
    const subclassUnion = baseline.analysis.model.staticTypes.some((type) =>
      type.union?.subclasses === true
    );
    const extending = subclassUnion &&
      [...changed].some((file) =>
        declaresSubclass(sources.get(file)) ||
        declaresSubclass(baseline.sources.get(file))
      );
    if (
      global || extending || baseline.analysis.model.services.length === 0
    ) {
      return undefined;
    }
    const reread = baseline.graph.dependents(changed);
    const implicit = baseline.analysis.provenance.implicitFiles.size > 0;
    const { result, provenance } = analyzeFiles(loaded, this.#scope, {}, {
      files: reread,
      implicit,
    });
    if (!result.ok) return undefined;
    const merged = mergeAnalysis(
      loaded.root,
      baseline.analysis,
      { model: result.model, warnings: result.warnings, provenance },
      reread,
    );
    if (
      merged === undefined || merged.model.services.length === 0 ||
      (merged.provenance.implicitFiles.size > 0) !== implicit
    ) {
      return undefined;
    }
    this.#baseline = { ...baseline, analysis: merged, sources };
    this.#run = { kind: "partial", files: [...reread].sort() };
    return resultOf(merged);
  }

  #whole(
    loaded: LoadedProject,
    sources: ReadonlyMap<string, ts.SourceFile>,
  ): AnalysisResult {
    this.#run = { kind: "whole" };
    const { result, provenance } = analyzeFiles(loaded, this.#scope);
    if (!result.ok) return result;
    this.#baseline = {
      analysis: { model: result.model, warnings: result.warnings, provenance },
      sources,
      globals: new Set(
        [...sources].filter(([, source]) => declaresGlobals(source))
          .map(([file]) => file),
      ),
      graph: new ImportGraph(() => this.#loaded!),
      importsVersion: loaded.project.importsVersion,
    };
    return result;
  }
}

function sameFiles(
  a: ReadonlyMap<string, unknown>,
  b: ReadonlyMap<string, unknown>,
): boolean {
  return a.size === b.size && [...a.keys()].every((file) => b.has(file));
}

function resultOf(analysis: Analysis): AnalysisResult {
  return {
    ok: true,
    model: analysis.model,
    warnings: [...analysis.warnings],
  };
}

/** Whether `file` declares a class that extends another. */
function declaresSubclass(file: ts.SourceFile | undefined): boolean {
  return file?.statements.some((statement) =>
    ts.isClassDeclaration(statement) && extendsTypes(statement).length > 0
  ) ?? false;
}
