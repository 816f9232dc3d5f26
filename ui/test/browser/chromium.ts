// Where Chromium is: SUPPLYGRAPH_CHROMIUM, else Debian's package. vitest.config.ts asks this too,
// to leave the browser tests out (or fail under CI) when there is none.
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.SUPPLYGRAPH_CHROMIUM ?? '/usr/bin/chromium';

export const hasChromium = (): boolean => existsSync(CHROMIUM);
