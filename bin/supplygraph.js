#!/usr/bin/env node
// Thin launcher: the CLI lives in the compiled build (npm install runs `tsc` through `prepare`).
import { main } from '../dist/cli/main.js';

main(process.argv).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  },
);
