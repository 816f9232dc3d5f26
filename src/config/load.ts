// loadConfig(argv, env): the command line and the environment read once, into a frozen typed
// value. A flag wins over its environment variable, which wins over the default; an empty
// variable counts as unset (README, "Configuration"). commander parses the flags and prints the
// help; the values come from the setting table's parsers, so every error names its flag.
import { Command, Option } from 'commander';
import { COMMAND_GROUPS, COMMANDS, type CommandFlag, type CommandName, type CommandSpec } from './commands.js';
import { flagName, type Setting } from './setting.js';
import { SETTINGS, type SettingValues } from './settings.js';
import { parseSwitch } from './values.js';

type Spec<C extends CommandName> = (typeof COMMANDS)[C];
type FlagValue<F> = F extends { flag: `${string}<${string}>` }
  ? F extends { defaultValue: string } | { required: true }
    ? string
    : string | undefined
  : boolean;
type FlagsOf<C extends CommandName> =
  Spec<C> extends { flags: infer F } ? { readonly [K in keyof F]: FlagValue<F[K]> } : object;

/** One command to run, with every value it takes. */
export interface Invocation<C extends CommandName = CommandName> {
  readonly command: C;
  readonly settings: Pick<SettingValues, Spec<C>['settings'][number]>;
  /** The command's arguments (paths, a digest, a token name). */
  readonly args: readonly string[];
  readonly flags: FlagsOf<C>;
}

/** Any command's invocation, told apart by `command`. */
export type AnyInvocation = { [C in CommandName]: Invocation<C> }[CommandName];

/** What loadConfig ends with: a command to run, or help/version/usage already printed by commander. */
export type Loaded = { invocation: AnyInvocation } | { exitCode: number };

export type Environment = Readonly<Record<string, string | undefined>>;

/** The help-text default of a setting: primitives only (lists and derived defaults are described). */
function shownDefault(setting: Setting<unknown>): string | undefined {
  const value = setting.defaultValue;
  if (setting.isSwitch === true || (typeof value !== 'string' && typeof value !== 'number')) return undefined;
  return String(value);
}

function settingOption(setting: Setting<unknown>): Option {
  const option = new Option(setting.flag, setting.description).env(setting.env);
  const shown = shownDefault(setting);
  return shown === undefined ? option : option.default(shown);
}

function flagOption(spec: CommandFlag): Option {
  const option = new Option(spec.flag, spec.description);
  if (spec.required === true) option.makeOptionMandatory();
  return spec.defaultValue === undefined ? option : option.default(spec.defaultValue);
}

/** The value of one setting: from the flag, else the environment, else the default. */
function settingValue(setting: Setting<unknown>, cmd: Command, env: Environment): unknown {
  const attribute = new Option(setting.flag).attributeName();
  if (cmd.getOptionValueSource(attribute) === 'cli') {
    const given: unknown = cmd.getOptionValue(attribute);
    return setting.isSwitch === true ? true : setting.parse(String(given));
  }
  const text = env[setting.env];
  if (text === undefined || text === '') return setting.defaultValue;
  if (setting.isSwitch === true) return parseSwitch(setting.env, text);
  try {
    return setting.parse(text);
  } catch (err) {
    throw new Error(
      `${(err as Error).message} (from ${setting.env}, the environment variable of ${flagName(setting.flag)})`,
      { cause: err },
    );
  }
}

function settingsOf(spec: CommandSpec, cmd: Command, env: Environment): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of spec.settings) values[name] = settingValue(SETTINGS[name], cmd, env);
  return Object.freeze(values);
}

function flagsOf(spec: CommandSpec, cmd: Command): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, flag] of Object.entries(spec.flags ?? {}))
    values[name] = flag.flag.includes('<') ? cmd.getOptionValue(name) : cmd.getOptionValue(name) === true;
  return Object.freeze(values);
}

/** The commander command for a path such as `documents list`, creating its group when new. */
function commandAt(program: Command, path: string): Command {
  const [group, name] = path.split(' ');
  if (name === undefined) return program.command(group);
  const parent =
    program.commands.find((c) => c.name() === group) ?? program.command(group).description(COMMAND_GROUPS[group]);
  return parent.command(name);
}

function declare(program: Command, path: CommandName, env: Environment, found: (i: AnyInvocation) => void): void {
  const spec: CommandSpec = COMMANDS[path];
  const cmd = commandAt(program, path).description(spec.description);
  for (const name of spec.settings) cmd.addOption(settingOption(SETTINGS[name]));
  for (const flag of Object.values(spec.flags ?? {})) cmd.addOption(flagOption(flag));
  if (spec.argument !== undefined) cmd.argument(spec.argument[0], spec.argument[1]);
  cmd.action((...received: unknown[]) => {
    // An optional argument not given is no argument (not the text "undefined").
    const args =
      spec.argument === undefined
        ? []
        : [received[0]]
            .flat()
            .filter((a) => a !== undefined)
            .map(String);
    const settings = settingsOf(spec, cmd, env);
    found(Object.freeze({ command: path, settings, args, flags: flagsOf(spec, cmd) }) as unknown as AnyInvocation);
  });
}

/** The program: every command of the table, its help and the version. */
function programOf(version: string, env: Environment, found: (i: AnyInvocation) => void): Command {
  const program = new Command('supplygraph')
    .description('A REST service over a graph of software supply-chain metadata')
    .version(version, '-V, --version', 'print the version')
    .exitOverride()
    .showHelpAfterError();
  for (const path of Object.keys(COMMANDS) as CommandName[]) declare(program, path, env, found);
  return program;
}

/**
 * Reads argv (without node and the script: `['serve', '--port', '9090']`) and env. Throws an
 * Error naming the flag (or variable) and the reason when a value is not valid.
 */
export function loadConfig(argv: readonly string[], env: Environment, version: string): Loaded {
  let invocation: AnyInvocation | undefined;
  const program = programOf(version, env, (found) => (invocation = found));
  try {
    program.parse([...argv], { from: 'user' });
  } catch (err) {
    const code = (err as { exitCode?: unknown }).exitCode;
    if (typeof code === 'number') return { exitCode: code }; // commander printed help or the usage error
    throw err;
  }
  return invocation === undefined ? { exitCode: 1 } : { invocation };
}
