// One setting: its flag, its environment variable, its typed default and how its text is read.
// The kinds below cover every setting of the table (settings.ts).
import { positiveInteger } from './values.js';

export interface Setting<T> {
  /** The flag as commander declares it: `--port <port>`, or `--require-signed-provenance` for a switch. */
  readonly flag: string;
  readonly env: string;
  readonly description: string;
  /** The value when neither the flag nor the environment gives one. */
  readonly defaultValue: T;
  /** The value of a given text; throws an Error naming the flag and the reason. */
  readonly parse: (text: string) => T;
  /** A flag without an argument: given means true; its environment variable says true/1 or false/0. */
  readonly isSwitch?: true;
}

/** The value type of a setting. */
export type ValueOf<S> = S extends Setting<infer T> ? T : never;

interface Described {
  flag: string;
  env: string;
  description: string;
}

/** `--port <port>` → `--port`: the name error messages use. */
export function flagName(flag: string): string {
  return flag.split(' ')[0];
}

/** A whole number, at least 1 (or 0 when `allowZero`, which the description says what it means). */
export function integer(spec: Described & { defaultValue: number; allowZero?: boolean }): Setting<number> {
  const name = flagName(spec.flag);
  return { ...spec, parse: (text) => positiveInteger(name, text, spec.allowZero === true) };
}

/** Text taken as given, with a default. */
export function text(spec: Described & { defaultValue: string }): Setting<string> {
  return { ...spec, parse: (value) => value };
}

/** Text that may be absent: empty counts as not given. */
export function optionalText(spec: Described): Setting<string | undefined> {
  return { ...spec, defaultValue: undefined, parse: (value) => (value === '' ? undefined : value) };
}

/** A value with its own parser (a port, a list, a choice). */
export function parsed<T>(spec: Described & { defaultValue: T; parse: (text: string) => T }): Setting<T> {
  return spec;
}

/** A flag without an argument (off unless given). */
export function toggle(spec: Described): Setting<boolean> {
  return { ...spec, defaultValue: false, isSwitch: true, parse: () => true };
}
