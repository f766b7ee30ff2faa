/**
 * The options of `tailor serve` (and of `server.ts`), and the request they
 * make: read without loading the server, so `--help` and usage errors are
 * quick.
 *
 * @module
 */

import { type OptionSpec, type ParsedArgs, UsageError } from "./command.ts";
import { type ConnectionTimeouts, DEFAULT_TIMEOUTS } from "../server/listen.ts";
import { DEFAULT_MAX_BODY_BYTES } from "../server/routes/body_reader.ts";
import { ABSENT_RESULTS, type AbsentResult } from "../model/absent_result.ts";

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
  {
    name: "cors",
    value: "ORIGINS",
    default: "no cross-origin access",
    description:
      "let browser apps of these origins call the server, comma-separated (http://localhost:5173), or * for every origin",
  },
  {
    name: "absent-result",
    value: "MODE",
    default: "the configuration's orm.client.absent-result, else empty",
    description:
      "how an absent result is answered and documented: empty (a 200 with an empty body) or null (the JSON null)",
  },
  {
    name: "fetchers",
    value: "FILE",
    description:
      "allow-list mode: answer only the client fetchers of this manifest (tailor fetchers writes it); others get a 403",
  },
  {
    name: "max-body",
    value: "BYTES",
    default: String(DEFAULT_MAX_BODY_BYTES),
    description: "most bytes of a JSON request body; more is a 413",
  },
  {
    name: "headers-timeout",
    value: "MS",
    default: String(DEFAULT_TIMEOUTS.headersMs),
    description: "close a connection whose request headers take longer",
  },
  {
    name: "request-timeout",
    value: "MS",
    default: String(DEFAULT_TIMEOUTS.requestMs),
    description:
      "close a connection whose request is not answered this long after its headers, body included",
  },
  {
    name: "idle-timeout",
    value: "MS",
    default: String(DEFAULT_TIMEOUTS.idleMs),
    description:
      "close a keep-alive connection idle this long between requests",
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
  /** Origins allowed to call across origins (none: no CORS at all). */
  readonly cors: readonly string[];
  readonly maxBodyBytes?: number;
  /** `--absent-result`: how an absent result is answered. */
  readonly absentResult?: AbsentResult;
  /** `--fetchers FILE`: the fetcher manifest of allow-list mode. */
  readonly fetchers?: string;
  /** The listener's timeouts that the command line sets. */
  readonly timeouts: ConnectionTimeouts;
}

/** The request of `serve` arguments; throws {@link UsageError}. */
export function serveRequest({ values }: ParsedArgs): ServeRequest {
  const text = (name: string) => stringFlag(values, name);
  const portText = text("port") ?? Deno.env.get("PORT") ?? "8080";
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) {
    throw new UsageError(`--port must be 0 to 65535, not "${portText}"`);
  }
  const project = text("project");
  const model = text("model");
  const config = text("config");
  const fetchers = text("fetchers");
  if (project !== undefined && model !== undefined) {
    throw new UsageError("give --project or --model, not both");
  }
  const absentResult = text("absent-result");
  if (
    absentResult !== undefined &&
    !(ABSENT_RESULTS as readonly string[]).includes(absentResult)
  ) {
    throw new UsageError(
      `--absent-result must be ${
        ABSENT_RESULTS.join(" or ")
      }, not "${absentResult}"`,
    );
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
    ...(fetchers === undefined ? {} : { fetchers }),
    ...(project === undefined ? {} : { project }),
    ...(model === undefined ? {} : { model }),
    typeCheck: values["skip-type-check"] !== true,
    watch: values.watch === true,
    quiet: values.quiet === true,
    cors: corsOrigins(text("cors")),
    ...positive("max-body", text("max-body"), "maxBodyBytes"),
    ...(absentResult === undefined
      ? {}
      : { absentResult: absentResult as AbsentResult }),
    timeouts: {
      ...positive("headers-timeout", text("headers-timeout"), "headersMs"),
      ...positive("request-timeout", text("request-timeout"), "requestMs"),
      ...positive("idle-timeout", text("idle-timeout"), "idleMs"),
    },
  };
}

/**
 * The origins of `--cors`: each `scheme://host[:port]` exactly as a browser
 * sends it (http or https), or `*` alone for every origin.
 *
 * @throws UsageError naming what is not an origin.
 */
export function corsOrigins(text: string | undefined): string[] {
  const origins = (text ?? "").split(",").map((origin) => origin.trim())
    .filter((origin) => origin !== "");
  for (const origin of origins) {
    if (origin === "*") {
      if (origins.length > 1) {
        throw new UsageError(
          "--cors * already lets every origin call the server; give it alone",
        );
      }
      continue;
    }
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {
      url = undefined;
    }
    if (
      url === undefined || !/^https?:$/.test(url.protocol) ||
      url.origin !== origin
    ) {
      const meant = url !== undefined && /^https?:$/.test(url.protocol)
        ? ` (did you mean ${url.origin}?)`
        : "";
      throw new UsageError(
        `--cors takes origins such as http://localhost:5173, or *, not "${origin}"${meant}`,
      );
    }
  }
  return origins;
}

/** `{ [key]: n }` of a flag's positive integer, `{}` when it is absent. */
function positive<K extends string>(
  flag: string,
  text: string | undefined,
  key: K,
): { [key in K]?: number } {
  const value = integerFlag(flag, text, 1, "a positive integer");
  return (value === undefined ? {} : { [key]: value }) as {
    [key in K]?: number;
  };
}

/**
 * The value of an integer flag (at most 9 digits, at least `min`), or
 * undefined when it is absent; else a usage error saying it must be `what`.
 */
export function integerFlag(
  flag: string,
  text: string | undefined,
  min: number,
  what: string,
): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,9}$/.test(text) || Number(text) < min) {
    throw new UsageError(`--${flag} must be ${what}, not "${text}"`);
  }
  return Number(text);
}

/** A string option's value, or undefined. */
export function stringFlag(
  values: ParsedArgs["values"],
  name: string,
): string | undefined {
  const value = values[name];
  return typeof value === "string" ? value : undefined;
}
