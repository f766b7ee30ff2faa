/**
 * The options of `tailor serve` (and of `server.ts`), and the request they
 * make: read without loading the server, so `--help` and usage errors are
 * quick.
 *
 * @module
 */

import { type OptionSpec, type ParsedArgs, UsageError } from "./command.ts";

/** The options of `tailor serve` (and of `server.ts`). */
export const SERVE_OPTIONS: readonly OptionSpec[] = [
  {
    name: "port",
    value: "N",
    default: "env PORT, else 8080",
    description: "port to listen on; 0 takes any free port",
  },
  {
    name: "hostname",
    value: "HOST",
    default: "127.0.0.1",
    description: "address to listen on",
  },
  {
    name: "config",
    value: "FILE",
    default: "the project's orm.yml or orm.properties",
    description: "configuration file",
  },
  {
    name: "project",
    value: "DIR",
    default: ".",
    description: "the project whose artifacts to serve",
  },
  {
    name: "model",
    value: "FILE",
    description:
      "serve the artifacts of a model.json that generate wrote: no analysis at start-up (needs --config)",
  },
  {
    name: "skip-type-check",
    description: "start without type-checking the project",
  },
  {
    name: "watch",
    description:
      "re-analyze after each change of the project's .ts files and serve the new artifacts (new ETags); an edit with errors keeps the last good ones",
  },
  {
    name: "quiet",
    description: "print only the first line (the URL), no access log",
  },
];

/** What serving is asked for, its arguments read. */
export interface ServeRequest {
  readonly port: number;
  readonly hostname: string;
  readonly config?: string;
  readonly project?: string;
  readonly model?: string;
  readonly typeCheck: boolean;
  readonly watch: boolean;
  readonly quiet: boolean;
}

/** The request of `serve` arguments; throws {@link UsageError}. */
export function serveRequest({ values }: ParsedArgs): ServeRequest {
  const text = (name: string) =>
    typeof values[name] === "string" ? values[name] as string : undefined;
  const portText = text("port") ?? Deno.env.get("PORT") ?? "8080";
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) {
    throw new UsageError(`--port must be 0 to 65535, not "${portText}"`);
  }
  const project = text("project");
  const model = text("model");
  const config = text("config");
  if (project !== undefined && model !== undefined) {
    throw new UsageError("give --project or --model, not both");
  }
  if (model !== undefined && config === undefined) {
    throw new UsageError(
      "--model needs --config FILE: the orm.yml naming the paths to serve",
    );
  }
  return {
    port,
    hostname: text("hostname") ?? "127.0.0.1",
    ...(config === undefined ? {} : { config }),
    ...(project === undefined ? {} : { project }),
    ...(model === undefined ? {} : { model }),
    typeCheck: values["skip-type-check"] !== true,
    watch: values.watch === true,
    quiet: values.quiet === true,
  };
}
