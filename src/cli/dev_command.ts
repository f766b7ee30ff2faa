/**
 * `tailor dev main.ts`: runs a user's app (`export default app`) with its
 * routes reloaded on each edit, without a restart (`src/dev/`), on a local
 * port, with the project's artifacts and event stream.
 *
 * @module
 */

import { dirname, resolve } from "node:path";
import { devServer } from "../dev/dev_server.ts";
import { AccessLog } from "../server/access_log.ts";
import { listen } from "../server/listen.ts";
import type { ParsedArgs } from "./command.ts";
import { serveRequest } from "./serve_options.ts";
import { stderrStyle } from "./style.ts";

/** Runs `tailor dev`; resolves with the exit status once Ctrl-C stopped it. */
export async function dev(args: ParsedArgs): Promise<number> {
  const request = serveRequest(args);
  const entry = resolve(args.positionals[0]!);
  const style = stderrStyle();
  const stop = new AbortController();
  let fetch;
  try {
    fetch = await devServer({
      entry,
      project: request.project ?? dirname(entry),
      artifacts: {
        typeCheck: request.typeCheck,
        ...(request.config === undefined ? {} : { configFile: request.config }),
        ...(request.cors.length === 0
          ? {}
          : { cors: { origins: request.cors } }),
      },
      signal: stop.signal,
    });
  } catch (error) {
    stop.abort();
    // A start-up failure (diagnostics, configuration, an app that does not
    // start) is one message, as `tailor serve` prints it.
    if (!(error instanceof Error)) throw error;
    console.error(`${style.error("error:")} ${error.message}`);
    return 1;
  }
  const accessLog = new AccessLog();
  const server = listen(request.quiet ? fetch : accessLog.handler(fetch), {
    port: request.port,
    hostname: request.hostname,
    ...request.timeouts,
  });
  const host = request.hostname.includes(":")
    ? `[${request.hostname}]`
    : request.hostname;
  console.log(`Tailor dev (${entry}) on http://${host}:${server.port}/`);
  console.log("Routes reload on each save. Ctrl-C stops it.");
  const stopped = Promise.withResolvers<void>();
  const onSignal = () => {
    stop.abort();
    server.shutdown().finally(stopped.resolve);
    Deno.unrefTimer(setTimeout(stopped.resolve, 10_000));
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    Deno.addSignalListener(signal, onSignal);
  }
  await stopped.promise;
  accessLog.flush();
  return 0;
}
