/**
 * The fetchers a front end builds, evaluated against its generated
 * builders: one entry per distinct fetcher (entity and id), with every
 * place that builds it, or the diagnostics of the ones that cannot be
 * evaluated statically.
 *
 * Which fetchers are listed: each chain that ends in a fetcher, unless the
 * builder consumes it (a child fetcher passed to a selector, or a `const`
 * only continued elsewhere). A `const` is listed when some use of it is not
 * consumed (passed to an operation, exported and used, put in an array) or
 * when nothing uses it; `const base = fetcher(Book).name()` used only as
 * `base.store()` is a building block, not a fetcher the front end sends.
 *
 * @module
 */

import { lineAndColumn, ts } from "../analyze/compiler.ts";
import { type BuilderModule, Evaluator, NotStatic } from "./evaluate.ts";
import {
  type Chain,
  ChainFinder,
  outermostWrapper,
  unwrapped,
} from "./sites.ts";
import type { FetcherEntry } from "./manifest.ts";
import { ownFiles } from "./builders.ts";

/** A place in the front end. */
export interface Place {
  /** The file, relative to the front end's directory, `/`-separated. */
  readonly path: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based, in UTF-16 code units. */
  readonly column: number;
}

/** What cannot be evaluated, where. */
export interface FetcherDiagnostic extends Place {
  readonly message: string;
  /** The fetcher that uses it, when it lies outside (a const of another file). */
  readonly fetcher?: Place;
}

/** The fetchers of a front end, or why some cannot be listed. */
export interface CollectedFetchers {
  /** Sorted by id, then entity. */
  readonly entries: readonly FetcherEntry[];
  /** Sorted by path, line, column; empty when every fetcher evaluated. */
  readonly diagnostics: readonly FetcherDiagnostic[];
}

/** A built fetcher's value where a chain ends. */
interface Built {
  readonly chain: Chain;
  /** The last link whose value is a fetcher. */
  readonly end: ts.Expression;
  readonly entity: string;
  readonly text: string;
  readonly id: string;
}

/**
 * The fetchers built in `program`'s files under `root` (an absolute,
 * `/`-separated directory), evaluated with `builders` (each generated
 * builder's loaded module, by its file name).
 */
export function collectFetchers(
  program: ts.Program,
  root: string,
  builders: ReadonlyMap<string, BuilderModule>,
): CollectedFetchers {
  const checker = program.getTypeChecker();
  const evaluator = new Evaluator(checker, builders);
  const diagnostics = new Map<string, FetcherDiagnostic>();
  const report = (node: ts.Node, message: string, fetcher?: ts.Node) => {
    const diagnostic = {
      ...placeOf(root, node),
      message,
      ...(fetcher === undefined ? {} : { fetcher: placeOf(root, fetcher) }),
    };
    const key =
      `${diagnostic.path}:${diagnostic.line}:${diagnostic.column}:${message}`;
    if (!diagnostics.has(key)) diagnostics.set(key, diagnostic);
  };
  // A file the parser could not read whole may hide a fetcher.
  for (const file of ownFiles(program)) {
    for (const syntax of program.getSyntacticDiagnostics(file)) {
      const place = placeAt(root, file, syntax.start ?? 0);
      const message = ts.flattenDiagnosticMessageText(syntax.messageText, " ");
      diagnostics.set(`${place.path}:${place.line}:${place.column}`, {
        ...place,
        message: `syntax error: ${message}`,
      });
    }
  }
  const built: Built[] = [];
  for (const chain of new ChainFinder(checker).chains(program)) {
    const outermost = chain.links[chain.links.length - 1]!;
    try {
      evaluator.evaluate(outermost);
    } catch (error) {
      if (!(error instanceof NotStatic)) throw error;
      const within = error.node.getSourceFile() === outermost.getSourceFile() &&
        error.node.pos >= outermost.pos && error.node.end <= outermost.end;
      report(error.node, error.message, within ? undefined : chain.root);
      continue;
    }
    const end = [...chain.links].reverse().find((link) =>
      evaluator.entityOf(evaluator.evaluate(link)) !== undefined
    );
    if (end === undefined) {
      // A chain from a const or an untraced value that gives no entity's
      // fetcher (an embeddable's) is not one to list; from fetcher(), it
      // means the builder is not the one this command knows.
      if (ts.isCallExpression(unwrapped(chain.root))) {
        report(
          chain.root,
          "the builder's fetcher() gave a value of no known entity (is it a generated fetchers.ts?)",
        );
      }
      continue;
    }
    const value = evaluator.evaluate(end);
    const module = evaluator.builderOf(value)!;
    const id = (module.fetcherId as (f: unknown) => string)(value);
    if (!/^[0-9a-f]{64}$/.test(id)) {
      report(
        end,
        `the builder's fetcherId() gave ${
          JSON.stringify(id)
        }, not 64 hex digits`,
      );
      continue;
    }
    built.push({
      chain,
      end,
      entity: evaluator.entityOf(value)!,
      text: (module.fetcherText as (f: unknown) => string)(value),
      id,
    });
  }
  const consumed = (node: ts.Expression) => isConsumed(evaluator, node);
  // A const's uses: each reference, consumed when continued or consumed.
  const uses = new Map<ts.VariableDeclaration, boolean[]>();
  for (const { chain, end } of built) {
    if (chain.constant === undefined) continue;
    const list = uses.get(chain.constant) ?? [];
    list.push(unwrapped(end) !== chain.root || consumed(end));
    uses.set(chain.constant, list);
  }
  const entries = new Map<string, FetcherEntry & { sources: string[] }>();
  for (const fetcher of built) {
    if (!isListed(fetcher, uses, consumed)) continue;
    const key = `${fetcher.id}\u0000${fetcher.entity}`;
    const entry = entries.get(key) ??
      {
        id: fetcher.id,
        entity: fetcher.entity,
        text: fetcher.text,
        sources: [],
      };
    const place = placeOf(root, fetcher.end);
    entry.sources.push(`${place.path}:${place.line}:${place.column}`);
    entries.set(key, entry);
  }
  return {
    entries: [...entries.values()].map((entry) => ({
      ...entry,
      sources: [...new Set(entry.sources)].sort(compareSources),
    })).sort((a, b) =>
      compareText(a.id, b.id) || compareText(a.entity, b.entity)
    ),
    diagnostics: [...diagnostics.values()].sort((a, b) =>
      compareText(a.path, b.path) || a.line - b.line || a.column - b.column ||
      compareText(a.message, b.message)
    ),
  };
}

/** Whether a fetcher where a chain ends is one the front end sends. */
function isListed(
  fetcher: Built,
  uses: ReadonlyMap<ts.VariableDeclaration, readonly boolean[]>,
  consumed: (node: ts.Expression) => boolean,
): boolean {
  const { chain, end } = fetcher;
  // A bare reference to a const: its use is counted for the const.
  if (chain.constant !== undefined && unwrapped(end) === chain.root) {
    return false;
  }
  const parent = outermostWrapper(end).parent;
  if (
    ts.isVariableDeclaration(parent) &&
    (ts.getCombinedNodeFlags(parent) & ts.NodeFlags.Const) !== 0
  ) {
    const counted = uses.get(parent) ?? [];
    return counted.length === 0 || counted.some((isConsumed) => !isConsumed);
  }
  return !consumed(end);
}

/**
 * Whether a fetcher is an argument of a builder call (a child fetcher): a
 * call that gave a fetcher, or a selector of a fetcher whose other
 * arguments could not be evaluated (reported there; the child is not a
 * fetcher of its own).
 */
function isConsumed(evaluator: Evaluator, node: ts.Expression): boolean {
  const at = outermostWrapper(node);
  const parent = at.parent;
  if (!ts.isCallExpression(parent) || !parent.arguments.includes(at)) {
    return false;
  }
  return evaluator.isBuilt(parent) ||
    (ts.isPropertyAccessExpression(parent.expression) &&
      evaluator.isBuilt(parent.expression.expression));
}

/** A node's place: its file relative to `root`, its 1-based line and column. */
function placeOf(root: string, node: ts.Node): Place {
  const file = node.getSourceFile();
  return placeAt(root, file, node.getStart(file));
}

/** The place of a position of `file`. */
function placeAt(root: string, file: ts.SourceFile, position: number): Place {
  const { line, column } = lineAndColumn(file, position);
  return { path: file.fileName.slice(root.length + 1), line, column };
}

/** `a.ts:9:1` before `a.ts:10:1`: by path, then line, then column. */
function compareSources(a: string, b: string): number {
  const [pathA, lineA, columnA] = splitSource(a);
  const [pathB, lineB, columnB] = splitSource(b);
  return compareText(pathA, pathB) || lineA - lineB || columnA - columnB;
}

function splitSource(source: string): [string, number, number] {
  const match = /^(.*):(\d+):(\d+)$/.exec(source)!;
  return [match[1]!, Number(match[2]), Number(match[3])];
}

/** Code-unit order, the same in every locale. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
