#!/usr/bin/env node
/**
 * The api command as a program: `deno task api` runs this file, and the npm
 * package `@tailor/api` ships it, bundled, as its bin `tailor-api`.
 *
 * @module
 */

import process from "node:process";
import { apiCommand } from "./mod.ts";

process.exit(await apiCommand(process.argv.slice(2), "tailor-api"));
