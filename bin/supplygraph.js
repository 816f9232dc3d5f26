#!/usr/bin/env node
// Thin launcher: the CLI lives in the compiled build (in a clone, npm install builds it through
// `prepare`; the package tarball ships it, built by `prepare` when packing).
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
