/**
 * "Did you mean": the known word closest to a mistyped one, by edit
 * distance, when it is close enough to be a plausible typo.
 *
 * @module
 */

/** The candidate nearest to `word`, or undefined when none is plausibly meant. */
export function closestWord(
  word: string,
  candidates: readonly string[],
): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const allowed = Math.max(2, Math.floor(word.length / 3));
  return bestDistance <= allowed ? best : undefined;
}

/**
 * Optimal string alignment distance: insertions, deletions, substitutions
 * and transpositions of neighbours each cost 1 (`--hepl` is one from `--help`).
 */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i, ...new Array<number>(b.length).fill(0)]);
  }
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i]!;
    const above = rows[i - 1]!;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(
        above[j]! + 1,
        row[j - 1]! + 1,
        above[j - 1]! + cost,
      );
      if (
        i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]
      ) {
        distance = Math.min(distance, rows[i - 2]![j - 2]! + 1);
      }
      row[j] = distance;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * `unknown option --projct (did you mean --project?)` for what `node:util`'s
 * `parseArgs` says of an unknown option, given the known long names; else
 * undefined (the message was about something else).
 */
export function unknownOptionMessage(
  parseArgsMessage: string,
  names: readonly string[],
): string | undefined {
  const unknown = /^Unknown option '(-{1,2}[^']*)'/.exec(parseArgsMessage)?.[1];
  if (unknown === undefined) return undefined;
  const near = closestWord(
    unknown.replace(/^-+/, "").replace(/=.*$/, ""),
    names,
  );
  return `unknown option ${unknown}${
    near === undefined ? "" : ` (did you mean --${near}?)`
  }`;
}
