/**
 * `tailor.config.json`: the api command's settings kept with a front-end
 * project, so that a bare `tailor api` (or `npx tailor-api`) knows where
 * the client comes from and where it goes. Its keys are the settings of
 * {@link SETTING_KEYS}; an unknown key or a value of the wrong type is an
 * error naming the key and the file.
 *
 * @module
 */

import { readFile } from "node:fs/promises";
import {
  type ApiSettings,
  type FileSettings,
  SETTING_KEYS,
  type SettingKey,
  UsageError,
} from "./args.ts";

/** The config file's name, looked up in the working directory. */
export const CONFIG_FILE = "tailor.config.json";

/** Settings whose value may be a JSON number as well as a string. */
const NUMERIC: readonly SettingKey[] = [
  "connectTimeout",
  "idleTimeout",
  "maxSize",
  "maxEntries",
  "maxUnpackedSize",
];

/**
 * The settings of a config file's text. `groups` may be a list of names or
 * one string of names separated by commas; the timeouts and limits a number
 * or a string (`"64M"`). Values are checked further by `resolveOptions`.
 */
export function parseApiConfig(text: string, file: string): ApiSettings {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `${file}: not valid JSON (${(error as Error).message.split("\n")[0]})`,
    );
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    throw new UsageError(`${file}: must hold one JSON object`);
  }
  const settings: Record<string, string> = {};
  for (const [key, value] of Object.entries(json)) {
    if (!(SETTING_KEYS as readonly string[]).includes(key)) {
      throw new UsageError(
        `${file}: unknown key "${key}" (known: ${SETTING_KEYS.join(", ")})`,
      );
    }
    settings[key] = settingText(file, key as SettingKey, value);
  }
  return settings;
}

function settingText(file: string, key: SettingKey, value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && NUMERIC.includes(key)) return String(value);
  if (
    key === "groups" && Array.isArray(value) &&
    value.every((group) => typeof group === "string")
  ) {
    return value.join(",");
  }
  const expected = key === "groups"
    ? "a list of group names"
    : NUMERIC.includes(key)
    ? "a number or a string"
    : "a string";
  throw new UsageError(
    `${file}: "${key}" must be ${expected}, not ${JSON.stringify(value)}`,
  );
}

/**
 * Reads the config file `file` (default {@link CONFIG_FILE}, relative to
 * the working directory). Undefined when there is none; UsageError when it
 * cannot be read or is not valid.
 */
export async function readApiConfig(
  file: string = CONFIG_FILE,
): Promise<FileSettings | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return undefined;
    throw new UsageError(
      `cannot read ${file}: ${(error as Error).message.split("\n")[0]}`,
    );
  }
  return { file, settings: parseApiConfig(text, file) };
}
