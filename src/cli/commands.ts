/**
 * The `tailor` commands: each one's options, examples, and the module that
 * runs it, loaded only when it runs (the analysis loads TypeScript's
 * compiler; `tailor --help` should not wait for it).
 *
 * @module
 */

import type { CommandSpec } from "./command.ts";
import { CLIENT_OPTIONS, withTimings } from "./client_request.ts";
import { SERVE_OPTIONS } from "./serve_options.ts";

/** `tailor init DIR`. */
export const INIT: CommandSpec = {
  name: "init",
  summary: "write a starter server project into a new directory",
  positionals: [{
    name: "DIR",
    description: "the new project's directory (new or empty)",
  }],
  details:
    `The project depends on jsr:@tailor/tailor. Run from a checkout of Tailor,
init links that checkout ("links" in deno.json), so nothing is fetched from JSR;
--link links another one.`,
  options: [{
    name: "link",
    value: "DIR",
    description:
      "a Tailor checkout to use instead of JSR's package (default: the checkout this command runs from, if any)",
  }],
  examples: [
    [
      "tailor init bookshop && cd bookshop && deno task dev",
      "a new project, served with its client downloads",
    ],
    [
      "tailor init bookshop --link ../tailor",
      "a new project on the Tailor checkout in ../tailor",
    ],
  ],
  run: async (args) => (await import("./init_command.ts")).init(args),
};

/** `tailor generate`. */
export const GENERATE: CommandSpec = {
  name: "generate",
  summary: "write a project's clients (TypeScript, Java, OpenAPI, page)",
  details:
    `--out is replaced whole (target all: ts/, java/, openapi.yml, openapi.html,
model.json; ts or java: that client at its root; openapi: the document and
page). It must be new, empty or written by Tailor before (it holds
.tailor-generated); never the project, the working or home directory, or one
holding them. The project is type-checked beside the analysis: a method
returning another shape than its FetchBy promises gives no client.`,
  options: [
    {
      name: "out",
      value: "DIR",
      required: true,
      description: "where to write",
    },
    ...CLIENT_OPTIONS,
    {
      name: "force",
      description: "replace a non-empty directory Tailor did not write",
    },
    {
      name: "watch",
      description:
        "keep running: after each change of the project's .ts files or configuration, rewrite only the files whose content changed",
    },
  ],
  examples: [
    [
      "tailor generate --out src/__generated --target ts",
      "the TypeScript client of the project in this directory",
    ],
    [
      "tailor generate --project server --out web/src/api --target ts --import-extension none",
      "for a bundler (Vite, Next.js)",
    ],
    [
      "tailor generate --out out --watch",
      "every artifact, rewritten on each save",
    ],
  ],
  run: async (args) =>
    await withTimings(
      args,
      async () => (await import("./generate_command.ts")).generate(args),
    ),
};

/** `tailor check`. */
export const CHECK: CommandSpec = {
  name: "check",
  summary: "exit 1 when a generated directory is stale (a CI drift check)",
  options: [
    {
      name: "against",
      value: "DIR",
      required: true,
      description: "the generated directory to compare",
    },
    ...CLIENT_OPTIONS,
  ],
  examples: [
    [
      "tailor check --against src/__generated --target ts",
      "in CI: is the committed client up to date?",
    ],
  ],
  run: async (args) =>
    await withTimings(
      args,
      async () => (await import("./check_command.ts")).check(args),
    ),
};

/** `tailor fetchers FRONTEND_DIR`. */
export const FETCHERS: CommandSpec = {
  name: "fetchers",
  summary: "list the fetchers a front end builds (persisted fetchers)",
  details:
    `Reads the front end's .ts, .tsx and .js files (node_modules left out),
evaluates every fetcher built with a generated client's fetchers.ts, and
writes the manifest a server in allow-list mode reads: each fetcher's
entity, canonical text, id and the places that build it. A fetcher that
cannot be evaluated statically (it uses a parameter, a let, a call of
another function) is an error at its file:line:col, and nothing is
written. A const only continued elsewhere is a building block, not listed.`,
  positionals: [{
    name: "FRONTEND_DIR",
    description: "the front end's directory",
  }],
  options: [
    {
      name: "out",
      value: "FILE",
      required: true,
      description: "the manifest to write (only when it changed)",
    },
    {
      name: "check",
      description:
        "write nothing: exit 1 when --out is missing or stale (a CI drift check)",
    },
  ],
  examples: [
    [
      "tailor fetchers web --out fetchers.json",
      "the fetchers of the front end in web/",
    ],
    [
      "tailor fetchers web --out fetchers.json --check",
      "in CI: is the committed manifest up to date?",
    ],
  ],
  run: async (args) => (await import("./fetchers_command.ts")).fetchers(args),
};

/** `tailor serve`. */
export const SERVE: CommandSpec = {
  name: "serve",
  summary: "serve a project's client downloads and OpenAPI page",
  options: SERVE_OPTIONS,
  examples: [
    [
      "tailor serve --watch",
      "the artifacts of the project here, renewed on each save",
    ],
    [
      "tailor serve --model out/model.json --config orm.yml --port 9000",
      "a saved model: no analysis at start-up",
    ],
  ],
  run: async (args) => (await import("./serve_command.ts")).serve(args),
};

/** `tailor dev`. */
export const DEV: CommandSpec = {
  name: "dev",
  summary:
    "run your app (export default app) with routes reloaded on each save",
  positionals: [{
    name: "MAIN",
    description:
      "the app's entry module: it ends with `export default app` (createServer's app)",
  }],
  options: SERVE_OPTIONS.filter((option) =>
    // What the app's own createServer decides is not a flag here.
    !["model", "watch", "max-body", "absent-result", "fetchers"].includes(
      option.name,
    )
  ).map((option) =>
    option.name === "project"
      ? {
        ...option,
        default: "MAIN's folder",
        description: "the project its controllers are analyzed from",
      }
      : option
  ),
  examples: [
    ["tailor dev main.ts", "http://127.0.0.1:8080/, routes reloaded on save"],
  ],
  run: async (args) => (await import("./dev_command.ts")).dev(args),
};

/** `tailor api`: its own arguments, read by the shared downloader. */
export const API: CommandSpec = {
  name: "api",
  summary: "download a client from a running server into a directory",
  options: [],
  examples: [],
  run: () => Promise.resolve(2),
  raw: async (args) => (await import("../api/mod.ts")).apiCommand(args),
};

/** `tailor diff`. */
export const DIFF: CommandSpec = {
  name: "diff",
  summary: "classify the API changes between two versions, for CI",
  details: `Each change has a rule (docs/diff.md) and a level for each category:
TypeScript source (old code still compiles), Java source, and wire (old
clients decode new answers; the new server accepts old requests). A side is a
project directory, a model.json (tailor generate writes one), the URL of a
running server (http://host:port) or of a model.json, or with --base the
project at a git revision. Exit 1 when a change reaches --fail-on, 2 on a
usage error.`,
  positionals: [
    { name: "BASE", optional: true, description: "the old version" },
    { name: "HEAD", optional: true, description: "the new version" },
  ],
  options: [
    {
      name: "base",
      value: "REV",
      description:
        "the base is --project at this git revision; HEAD defaults to --project",
    },
    {
      name: "project",
      value: "DIR",
      default: ".",
      description: "the project, with --base",
    },
    {
      name: "format",
      value: "FORMAT",
      default: "text",
      description:
        "text, json, markdown (a pull-request comment) or github (annotations)",
    },
    {
      name: "fail-on",
      value: "LEVEL",
      default: "breaking",
      description: "exit 1 from this level on: breaking or dangerous",
    },
    {
      name: "usage",
      value: "PATH",
      description:
        "a front end's source directory or fetchers.json: what it never uses counts as compatible",
    },
  ],
  examples: [
    [
      "tailor diff --base origin/main",
      "the project here against the main branch",
    ],
    [
      "tailor diff old/model.json server --format markdown",
      "a saved model against a project, as a pull-request comment",
    ],
    [
      "tailor diff --base v1.2.0 --usage ../web/src --fail-on dangerous",
      "only what the web front end uses counts",
    ],
  ],
  run: async (args) => (await import("./diff_command.ts")).diff(args),
};

/** Every command, in the order the help lists them. */
export const COMMANDS: readonly CommandSpec[] = [
  INIT,
  GENERATE,
  CHECK,
  FETCHERS,
  SERVE,
  DEV,
  API,
  DIFF,
];
