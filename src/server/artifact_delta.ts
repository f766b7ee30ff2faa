/**
 * Archive deltas over HTTP (RFC 3229 delta encoding): a client that holds
 * an archive of a watching server's last versions sends its ETag in
 * `If-None-Match` and `A-IM: changed-files`, and gets `226 IM Used` with a
 * ZIP of only the files written since, the paths removed since in
 * `Tailor-Removed`, and the new archive's ETag. Any other request, or a
 * base the server no longer knows, gets the whole archive (or a `304`).
 *
 * @module
 */

import { DELTA_IM, REMOVED_HEADER } from "../api/delta_header.ts";
import type { ImportExtension } from "../emit/ts/import_extension.ts";
import { answerArtifact } from "./artifact_cache.ts";
import type { ArchiveDelta, ArtifactVersions } from "./artifact_versions.ts";
import type { ServedKind } from "./artifacts.ts";

/** The request headers an archive answer depends on. */
export interface VersionedRequest {
  readonly ifNoneMatch: string | undefined;
  readonly aIm: string | undefined;
}

/**
 * The answer of a watching server to a request for the artifact of `kind`
 * without `?groups=`: a delta when asked for and possible, else the whole
 * current artifact (or `304`); undefined before the first version.
 */
export function answerVersioned(
  versions: ArtifactVersions,
  kind: ServedKind,
  importExtension: ImportExtension | undefined,
  request: VersionedRequest,
): Response | undefined {
  const artifact = versions.artifact(kind, importExtension);
  if (artifact === undefined) return undefined;
  const base = request.ifNoneMatch?.trim();
  if (
    base !== undefined && base !== artifact.etag && acceptsDelta(request.aIm)
  ) {
    const delta = versions.delta(kind, importExtension, base);
    if (delta !== undefined) return answerDelta(delta);
  }
  return answerArtifact(request.ifNoneMatch, artifact);
}

/** Whether an `A-IM` header names {@link DELTA_IM}. */
function acceptsDelta(header: string | undefined): boolean {
  return header?.split(",").some((im) =>
    im.split(";")[0]!.trim().toLowerCase() === DELTA_IM
  ) ?? false;
}

/** `226 IM Used` with the delta's ZIP. */
function answerDelta(delta: ArchiveDelta): Response {
  const headers: Record<string, string> = {
    "content-type": "application/zip",
    "etag": delta.etag,
    "cache-control": "no-cache",
    "im": DELTA_IM,
    "delta-base": delta.base,
    "content-length": String(delta.bytes.length),
  };
  if (delta.removed.length > 0) {
    headers[REMOVED_HEADER] = delta.removed.map(encodeURIComponent).join(",");
  }
  return new Response(delta.bytes.slice().buffer, { status: 226, headers });
}
