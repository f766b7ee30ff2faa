/**
 * `tailor dev main.ts`: runs a user's app (`export default app`) with its
 * routes reloaded on each edit, without a restart (`src/dev/`), on a local
 * port, with the project's artifacts and event stream.
 *
 * @module
 */

import { dirname, resolve } from "node:path";
import type { ParsedArgs } from "./command.ts";
import { serveWith } from "./serve_command.ts";
import { serveRequest } from "./serve_options.ts";

/** Runs `tailor dev`; resolves with the exit status once Ctrl-C stopped it. */
export async function dev(args: ParsedArgs): Promise<number> {
  const request = serveRequest(args);
  const entry = resolve(args.positionals[0]!);
  return await serveWith(
    { ...request, watch: true },
    () =>
      Promise.resolve({
        app: entry,
        project: request.project ?? dirname(entry),
      }),
  );
}
