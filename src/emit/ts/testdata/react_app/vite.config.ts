import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The React app of queries_react_browser_test.ts.
export default defineConfig({ plugins: [react()], logLevel: "warn" });
