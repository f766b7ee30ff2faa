/**
 * Colours on the command line: on when the stream is a terminal, off when it
 * is piped or `NO_COLOR` is set (https://no-color.org). Only the prefixes of
 * messages are coloured; the words stay the same either way.
 *
 * @module
 */

/** Colour functions for one output stream. */
export interface Style {
  readonly error: (text: string) => string;
  readonly warning: (text: string) => string;
  readonly success: (text: string) => string;
  readonly bold: (text: string) => string;
  readonly dim: (text: string) => string;
}

const PLAIN: Style = {
  error: (text) => text,
  warning: (text) => text,
  success: (text) => text,
  bold: (text) => text,
  dim: (text) => text,
};

const ANSI: Style = {
  error: (text) => `\x1b[1;31m${text}\x1b[0m`,
  warning: (text) => `\x1b[1;33m${text}\x1b[0m`,
  success: (text) => `\x1b[32m${text}\x1b[0m`,
  bold: (text) => `\x1b[1m${text}\x1b[0m`,
  dim: (text) => `\x1b[2m${text}\x1b[0m`,
};

/** The style for a stream: colours only for a terminal, and never with NO_COLOR. */
export function styleFor(isTerminal: boolean, noColor: boolean): Style {
  return isTerminal && !noColor ? ANSI : PLAIN;
}

/** The style of standard error, where the CLI's messages go. */
export function stderrStyle(): Style {
  return styleFor(Deno.stderr.isTerminal(), Deno.noColor);
}

/** The style of standard output. */
export function stdoutStyle(): Style {
  return styleFor(Deno.stdout.isTerminal(), Deno.noColor);
}
